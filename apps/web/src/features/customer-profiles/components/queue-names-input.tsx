import { addQueueName } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { Input } from '@phone-billing/ui/input';
import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';

interface QueueNamesInputProps {
  id: string;
  value: string[];
  onChange: (names: string[]) => void;
  /** Queue names Genesys knows; null while unknown (then no warning is shown). */
  knownNames: string[] | null;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Genesys queue names: added by Enter or the Add button, trimmed, without duplicates, with
 * suggestions from Genesys; a name Genesys does not know is kept but warned about.
 */
export function QueueNamesInput({ id, value, onChange, knownNames, invalid, describedBy }: QueueNamesInputProps) {
  const [draft, setDraft] = useState('');
  const known = knownNames ? new Set(knownNames) : null;
  const unknown = known ? value.filter((name) => !known.has(name)) : [];

  // Enter adds what the field shows, not the last rendered draft: a name typed and entered faster
  // than React re-renders (a paste then Enter on a busy machine) would otherwise be dropped.
  const add = (typed: string = draft) => {
    const next = addQueueName(value, typed);
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(event.currentTarget.value);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          list={`${id}-suggestions`}
          value={draft}
          placeholder="Type a queue name and press Enter"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
        />
        <datalist id={`${id}-suggestions`}>
          {(knownNames ?? [])
            .filter((name) => !value.includes(name))
            .map((name) => (
              <option key={name} value={name} />
            ))}
        </datalist>
        <Button type="button" variant="outline" onClick={() => add()} aria-label="Add queue name">
          <Plus className="h-4 w-4" aria-hidden /> Add
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Genesys queue names">
          {value.map((name) => {
            const isUnknown = unknown.includes(name);
            return (
              <li
                key={name}
                className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm ring-1 ring-inset ${
                  isUnknown
                    ? 'bg-orange-50 text-orange-800 ring-orange-600/20'
                    : 'bg-blue-50 text-blue-800 ring-blue-600/20'
                }`}
              >
                {name}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-black/10"
                  onClick={() => onChange(value.filter((item) => item !== name))}
                  aria-label={`Remove queue ${name}`}
                >
                  <X className="h-3 w-3" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {unknown.length > 0 && (
        <Alert tone="warning" title="Not a Genesys queue (yet)">
          Genesys does not know {unknown.map((name) => `'${name}'`).join(', ')}. The profile can be saved; its calls are
          billed once Genesys has a queue of that name.
        </Alert>
      )}
    </div>
  );
}
