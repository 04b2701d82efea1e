import type { TQueueAssignmentWithTeam, TUnassignedQueue } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { AccessRestrictedNotice } from '../../../components/errors/access-restricted';
import { LoadError } from '../../../components/errors/load-error';
import { Button } from '@phone-billing/ui/button';
import { Spinner } from '@phone-billing/ui/spinner';
import { StatCard } from '@phone-billing/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@phone-billing/ui/tabs';
import { AlertTriangle, MapPin, PhoneCall, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { usePermission } from '../../../lib/auth-store';
import { useRegionData } from '../api/get-region-data';
import { AssignmentFormModal, type AssignmentModalState } from './assignment-form-modal';
import { AssignmentsTable } from './assignments-table';
import { OverviewTree } from './overview-tree';
import { RegionsTable } from './regions-table';
import { plural } from '../../../lib/format';
import { UnitFormModal, type UnitModalState } from './unit-form-modal';
import { TeamsTable } from './teams-table';
import { UnassignedQueuesTable } from './unassigned-queues-table';

type TabName = 'overview' | 'regions' | 'teams' | 'assignments' | 'unassigned';

/** Region & Team Management (spec 001 §2): regions hold teams, teams hold Genesys queues. */
export default function RegionTeamsPage() {
  const canManageRegions = usePermission('region:manage');
  const canManageTeams = usePermission('team:manage');
  if (!canManageRegions && !canManageTeams) {
    return (
      <AccessRestrictedNotice>
        Managing regions and teams needs the region:manage or team:manage permission.
      </AccessRestrictedNotice>
    );
  }
  return <RegionTeamsScreen canManageRegions={canManageRegions} canManageTeams={canManageTeams} />;
}

function RegionTeamsScreen({
  canManageRegions,
  canManageTeams,
}: {
  canManageRegions: boolean;
  canManageTeams: boolean;
}) {
  const data = useRegionData();
  const [tab, setTab] = useState<TabName>('overview');
  const [unitModal, setUnitModal] = useState<UnitModalState>(null);
  const [assignmentModal, setAssignmentModal] = useState<AssignmentModalState>(null);

  const { summary } = data;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">Organise the Genesys queues into teams, and the teams into regions.</p>
        <div className="flex gap-2">
          {canManageRegions ? (
            <Button onClick={() => setUnitModal({ kind: 'region', editing: null })}>
              <Plus className="size-4" aria-hidden="true" />
              New Region
            </Button>
          ) : null}
          {canManageTeams ? (
            <Button variant="outline" onClick={() => setUnitModal({ kind: 'team', editing: null })}>
              <Plus className="size-4" aria-hidden="true" />
              New Team
            </Button>
          ) : null}
        </div>
      </div>

      {data.errorText && !data.loading ? (
        // A failed load must not look like an empty organisation (0 regions): say so, offer Retry.
        <LoadError title={data.errorText} onRetry={data.refetch} retrying={data.fetching} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Summary">
            <StatCard
              title="Regions"
              value={summary.regions}
              hint={`${summary.activeRegions} active`}
              icon={<MapPin />}
              tone="blue"
            />
            <StatCard
              title="Teams"
              value={summary.teams}
              hint={`${summary.activeTeams} active`}
              icon={<Users />}
              tone="purple"
            />
            <StatCard
              title="Assigned Queues"
              value={summary.assigned}
              hint="Held by a team"
              icon={<PhoneCall />}
              tone="green"
            />
            <StatCard
              title="Unassigned Queues"
              value={summary.unassigned}
              hint="Need attention"
              icon={<AlertTriangle />}
              tone={summary.unassigned > 0 ? 'orange' : 'gray'}
            />
          </div>

          <Tabs value={tab} onValueChange={(value) => setTab(value as TabName)}>
            <TabsList>
              <TabsTrigger value="overview" count={summary.regions}>
                Overview
              </TabsTrigger>
              <TabsTrigger value="regions" count={summary.regions}>
                Regions
              </TabsTrigger>
              <TabsTrigger value="teams" count={summary.teams}>
                Teams
              </TabsTrigger>
              <TabsTrigger value="assignments" count={summary.assigned}>
                Queue Assignments
              </TabsTrigger>
              <TabsTrigger value="unassigned" count={summary.unassigned}>
                Unassigned Queues
              </TabsTrigger>
            </TabsList>

            {data.loading ? (
              <div className="flex justify-center py-12">
                <Spinner label="Loading regions and teams" />
              </div>
            ) : (
              <>
                <TabsContent value="overview" className="flex flex-col gap-4">
                  {summary.unassigned > 0 ? (
                    <Alert
                      tone="warning"
                      title={`${plural(summary.unassigned, 'queue is', 'queues are')} not assigned to any team`}
                      action={
                        <Button size="sm" variant="outline" onClick={() => setTab('unassigned')}>
                          View unassigned queues
                        </Button>
                      }
                    >
                      Calls on these queues are not attributed to a team until they are assigned.
                    </Alert>
                  ) : null}
                  <OverviewTree
                    regions={data.regions}
                    onCreateRegion={
                      canManageRegions ? () => setUnitModal({ kind: 'region', editing: null }) : undefined
                    }
                  />
                </TabsContent>
                <TabsContent value="regions">
                  <RegionsTable
                    regions={data.regions}
                    canManage={canManageRegions}
                    onEdit={(region) => setUnitModal({ kind: 'region', editing: region })}
                  />
                </TabsContent>
                <TabsContent value="teams">
                  <TeamsTable
                    teams={data.teams}
                    canManage={canManageTeams}
                    onEdit={(team) => setUnitModal({ kind: 'team', editing: team })}
                  />
                </TabsContent>
                <TabsContent value="assignments">
                  <AssignmentsTable
                    assignments={data.assignments}
                    canManage={canManageTeams}
                    onEdit={(assignment: TQueueAssignmentWithTeam) => setAssignmentModal({ mode: 'edit', assignment })}
                  />
                </TabsContent>
                <TabsContent value="unassigned">
                  <UnassignedQueuesTable
                    queues={data.unassigned}
                    canManage={canManageTeams}
                    onAssign={(queue: TUnassignedQueue) => setAssignmentModal({ mode: 'assign', queue })}
                  />
                </TabsContent>
              </>
            )}
          </Tabs>
        </>
      )}

      <UnitFormModal state={unitModal} regions={data.regions} onClose={() => setUnitModal(null)} />
      <AssignmentFormModal state={assignmentModal} teams={data.teams} onClose={() => setAssignmentModal(null)} />
    </div>
  );
}
