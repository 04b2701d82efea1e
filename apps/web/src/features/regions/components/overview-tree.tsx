import type { TRegion } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { ChevronDown, ChevronRight, MapPin, PhoneCall, Users } from 'lucide-react';
import { useState } from 'react';
import { plural } from '../../../lib/format';
import { StatusBadge } from './status-badge';

interface OverviewTreeProps {
  regions: TRegion[];
  /** Shown in the empty state when the user may create regions. */
  onCreateRegion?: () => void;
}

/** Region > team > queue, each level expandable. Regions start open, teams closed. */
export function OverviewTree({ regions, onCreateRegion }: OverviewTreeProps) {
  const [closedRegions, setClosedRegions] = useState<Set<string>>(() => new Set());
  const [openTeams, setOpenTeams] = useState<Set<string>>(() => new Set());

  const toggle = (set: Set<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  if (regions.length === 0) {
    return (
      <EmptyState
        icon={<MapPin />}
        title="No regions yet"
        description="Create a region, add teams to it, and assign Genesys queues to the teams."
        action={onCreateRegion ? <Button onClick={onCreateRegion}>Create your first region</Button> : undefined}
      />
    );
  }

  const allTeamIds = regions.flatMap((region) => region.teams.map((team) => team.id));
  const expandAll = () => {
    setClosedRegions(new Set());
    setOpenTeams(new Set(allTeamIds));
  };
  const collapseAll = () => {
    setClosedRegions(new Set(regions.map((region) => region.id)));
    setOpenTeams(new Set());
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={expandAll}>
          Expand all
        </Button>
        <Button variant="ghost" size="sm" onClick={collapseAll}>
          Collapse all
        </Button>
      </div>
      <ul className="flex flex-col gap-3" aria-label="Regions, teams and queues">
        {regions.map((region) => {
          const regionOpen = !closedRegions.has(region.id);
          const queueCount = region.teams.reduce((sum, team) => sum + team.queueAssignments.length, 0);
          return (
            <li key={region.id} className="rounded-lg border border-slate-200 bg-white shadow-sm">
              <button
                type="button"
                aria-expanded={regionOpen}
                onClick={() => setClosedRegions((set) => toggle(set, region.id))}
                className="flex w-full items-center gap-3 rounded-lg px-4 py-3 text-left hover:bg-slate-50"
              >
                {regionOpen ? (
                  <ChevronDown className="size-4 text-slate-400" />
                ) : (
                  <ChevronRight className="size-4 text-slate-400" />
                )}
                <MapPin className="size-5 text-blue-600" aria-hidden="true" />
                <span className="min-w-0 font-semibold wrap-anywhere text-slate-900">{region.name}</span>
                <StatusBadge active={region.isActive} />
                <span className="ml-auto text-sm text-slate-500">
                  {plural(region.teams.length, 'team')} · {plural(queueCount, 'queue')}
                </span>
              </button>
              {regionOpen ? (
                <div className="border-t border-slate-100 px-4 py-2">
                  {region.description ? (
                    <p className="mb-2 pl-11 text-sm text-slate-500">{region.description}</p>
                  ) : null}
                  {region.teams.length === 0 ? (
                    <p className="py-2 pl-11 text-sm text-slate-500">No teams in this region yet.</p>
                  ) : (
                    <ul className="flex flex-col" aria-label={`Teams of ${region.name}`}>
                      {region.teams.map((team) => {
                        const teamOpen = openTeams.has(team.id);
                        return (
                          <li key={team.id}>
                            <button
                              type="button"
                              aria-expanded={teamOpen}
                              onClick={() => setOpenTeams((set) => toggle(set, team.id))}
                              className="flex w-full items-center gap-3 rounded-md py-2 pr-2 pl-6 text-left hover:bg-slate-50"
                            >
                              {teamOpen ? (
                                <ChevronDown className="size-4 text-slate-400" />
                              ) : (
                                <ChevronRight className="size-4 text-slate-400" />
                              )}
                              <Users className="size-4 text-purple-600" aria-hidden="true" />
                              <span className="min-w-0 font-medium wrap-anywhere text-slate-800">{team.name}</span>
                              <StatusBadge active={team.isActive} />
                              <span className="ml-auto text-sm text-slate-500">
                                {plural(team.queueAssignments.length, 'queue')}
                              </span>
                            </button>
                            {teamOpen ? (
                              team.queueAssignments.length === 0 ? (
                                <p className="py-1.5 pl-20 text-sm text-slate-500">No queues assigned.</p>
                              ) : (
                                <ul className="flex flex-col pb-1" aria-label={`Queues of ${team.name}`}>
                                  {team.queueAssignments.map((assignment) => (
                                    <li
                                      key={assignment.id}
                                      className="flex items-center gap-2 py-1.5 pl-20 text-sm text-slate-700"
                                    >
                                      <PhoneCall className="size-4 text-green-600" aria-hidden="true" />
                                      <span>{assignment.queueName}</span>
                                      {assignment.notes ? (
                                        <span className="truncate text-slate-600">– {assignment.notes}</span>
                                      ) : null}
                                    </li>
                                  ))}
                                </ul>
                              )
                            ) : null}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
