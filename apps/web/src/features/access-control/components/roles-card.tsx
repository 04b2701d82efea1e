import { Badge } from '@phone-billing/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import type { AccessAction, AccessRole } from '../api/get-access-data';

export function RolesCard({ roles, actions }: { roles: AccessRole[]; actions: AccessAction[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Roles &amp; Permissions</CardTitle>
        <span className="text-sm text-slate-500">
          {roles.length} roles, {actions.length} permissions
        </span>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <section aria-label="Roles">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Roles</h3>
          <ul className="space-y-3">
            {roles.map((role) => (
              <li key={role.id} className="rounded-md border border-slate-200 p-3" data-testid={`role-${role.name}`}>
                <div className="font-medium wrap-anywhere text-slate-900">{role.name}</div>
                {role.description && <div className="text-sm wrap-anywhere text-slate-500">{role.description}</div>}
                <div className="mt-2 flex flex-wrap gap-1">
                  {role.actions.length ? (
                    role.actions.map((action) => <Badge key={action.id}>{action.key}</Badge>)
                  ) : (
                    <span className="text-xs text-slate-600">No permissions</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="Permissions">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Permissions</h3>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {actions.map((action) => (
              <li
                key={action.id}
                className="flex flex-col px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <code className="text-sm text-slate-900">{action.key}</code>
                <span className="text-sm text-slate-500">{action.description}</span>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
