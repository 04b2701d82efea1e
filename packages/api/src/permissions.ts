/** Every permission the product knows (DESIGN.md §4). Admins can add more at run time. */
export const PERMISSIONS = {
  'dashboard:view': 'View the dashboard',
  'billing:view': 'View billing jobs',
  'billing:run': 'Run, retry and cancel billing jobs',
  'customer:view': 'View customer profiles',
  'customer:edit': 'Create, edit and delete customer profiles',
  'region:manage': 'Manage regions',
  'team:manage': 'Manage teams and queue assignments',
  'settings:manage': 'Change organisation settings',
  'integration:qbo': 'Manage the QuickBooks Online integration',
  'integration:genesys': 'Manage the Genesys Cloud integration',
  'system:manage-access': 'Manage users, roles and permissions',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const SEED_ROLES: Array<{ name: string; description: string; permissions: Permission[] }> = [
  { name: 'admin', description: 'Full access', permissions: Object.keys(PERMISSIONS) as Permission[] },
  {
    name: 'billing-manager',
    description: 'Runs billing and maintains customers and integrations',
    permissions: [
      'dashboard:view',
      'billing:view',
      'billing:run',
      'customer:view',
      'customer:edit',
      'integration:qbo',
      'integration:genesys',
    ],
  },
  {
    name: 'viewer',
    description: 'Read-only access to the dashboard, billing and customers',
    permissions: ['dashboard:view', 'billing:view', 'customer:view'],
  },
];

/** A user without a permissions array has none; a permission is held only if listed. */
export function holdsAnyPermission(
  permissions: readonly string[] | undefined | null,
  required: readonly string[],
): boolean {
  if (!Array.isArray(permissions)) return false;
  return required.some((permission) => permissions.includes(permission));
}
