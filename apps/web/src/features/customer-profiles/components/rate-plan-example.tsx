import { exampleCost, RATE_PLAN_MEDIA_TYPES, type TRatePlan } from '@phone-billing/api/schemas';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { useState } from 'react';
import { TimeInput } from './time-input';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "A 7 min 10 s inbound call at 20:15 on a Tuesday costs $1.13 under this plan": recomputed as the plan or the example changes. */
export function RatePlanExample({ plan }: { plan: TRatePlan | null }) {
  const [example, setExample] = useState({
    mediaType: 'voice',
    direction: 'inbound' as 'inbound' | 'outbound',
    minutes: 7,
    seconds: 10,
    localDay: 2,
    localTime: '20:15',
  });
  const set = (patch: Partial<typeof example>) => setExample((current) => ({ ...current, ...patch }));
  const result = plan
    ? exampleCost(
        { ...plan, source: 'plan' },
        { ...example, seconds: Math.max(0, example.minutes * 60 + example.seconds) },
      )
    : null;
  return (
    <div className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 text-sm" aria-label="Live example">
      <div className="flex flex-wrap items-center gap-2">
        <span>Example:</span>
        <Select
          className="w-28"
          aria-label="Example media type"
          value={example.mediaType}
          onChange={(event) => set({ mediaType: event.target.value })}
        >
          {RATE_PLAN_MEDIA_TYPES.map((media) => (
            <option key={media} value={media}>
              {media}
            </option>
          ))}
        </Select>
        <Select
          className="w-28"
          aria-label="Example direction"
          value={example.direction}
          onChange={(event) => set({ direction: event.target.value as 'inbound' | 'outbound' })}
        >
          <option value="inbound">inbound</option>
          <option value="outbound">outbound</option>
        </Select>
        <DurationPartInput label="Example minutes" value={example.minutes} onChange={(minutes) => set({ minutes })} />
        <span>min</span>
        <DurationPartInput label="Example seconds" value={example.seconds} onChange={(seconds) => set({ seconds })} />
        <span>s at</span>
        <TimeInput
          className="w-24"
          label="Example time"
          value={example.localTime}
          onChange={(localTime) => set({ localTime })}
        />
        <span>on a</span>
        <Select
          className="w-32"
          aria-label="Example day"
          value={example.localDay}
          onChange={(event) => set({ localDay: Number(event.target.value) })}
        >
          {DAYS.map((day, index) => (
            <option key={day} value={index + 1}>
              {day}
            </option>
          ))}
        </Select>
      </div>
      <p role="status">{result ? result.sentence : 'Fix the plan above to see what this costs.'}</p>
    </div>
  );
}

/** The example call's minutes or seconds: a short number box. */
function DurationPartInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
}) {
  return (
    <Input
      className="w-16"
      type="number"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}
