import { describe, expect, it } from 'vitest';
import {
  compareCaseInsensitive,
  ZCreateActionRequestSchema,
  ZCreateRoleRequestSchema,
  ZCreateUserRequestSchema,
  ZSetupPasswordFormSchema,
} from './access-control';
import { ZBillingConfigFormSchema, ZUpdateSettingsRequestSchema } from './settings';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('Add New User', () => {
  it('needs an e-mail; a blank password means a setup link', () => {
    expect(firstMessage(ZCreateUserRequestSchema.safeParse({}))).toBe('Email is required');
    expect(firstMessage(ZCreateUserRequestSchema.safeParse({ email: '   ' }))).toBe('Email is required');
    expect(firstMessage(ZCreateUserRequestSchema.safeParse({ email: 'nope' }))).toBe('Invalid email address');
    expect(ZCreateUserRequestSchema.parse({ email: ' a@b.co ', password: '', name: '' })).toEqual({
      email: 'a@b.co',
      roleIds: [],
      password: undefined,
      name: undefined,
    });
  });

  it('a password given has at least 8 characters', () => {
    expect(firstMessage(ZCreateUserRequestSchema.safeParse({ email: 'a@b.co', password: '1234567' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(ZCreateUserRequestSchema.parse({ email: 'a@b.co', password: '12345678' }).password).toBe('12345678');
  });
});

describe('permissions and roles', () => {
  it('a permission needs key and description', () => {
    expect(firstMessage(ZCreateActionRequestSchema.safeParse({ key: '', description: 'x' }))).toBe(
      'Permission key and description are required',
    );
    expect(firstMessage(ZCreateActionRequestSchema.safeParse({ key: 'a:b', description: ' ' }))).toBe(
      'Permission key and description are required',
    );
    expect(firstMessage(ZCreateActionRequestSchema.safeParse({ key: 'a b', description: 'x' }))).toBe(
      'Permission key cannot contain spaces',
    );
  });

  it('a role needs a name; the description is optional', () => {
    expect(firstMessage(ZCreateRoleRequestSchema.safeParse({ name: '  ' }))).toBe('Role name is required');
    expect(ZCreateRoleRequestSchema.parse({ name: 'Desk', description: '' })).toEqual({
      name: 'Desk',
      description: undefined,
      actionKeys: [],
    });
  });

  it('sorts case-insensitively', () => {
    expect(['viewer', 'Auditor', 'admin', 'billing-manager'].sort(compareCaseInsensitive)).toEqual([
      'admin',
      'Auditor',
      'billing-manager',
      'viewer',
    ]);
  });
});

describe('setup password form', () => {
  it('checks length and confirmation', () => {
    expect(
      firstMessage(ZSetupPasswordFormSchema.safeParse({ token: 't', password: 'short', confirmPassword: 'short' })),
    ).toBe('Password must be at least 8 characters');
    expect(
      firstMessage(
        ZSetupPasswordFormSchema.safeParse({ token: 't', password: 'long-enough', confirmPassword: 'other-one' }),
      ),
    ).toBe('Password and confirmation do not match');
  });
});

describe('settings', () => {
  it('accepts a partial update with rates as numbers or strings', () => {
    expect(ZUpdateSettingsRequestSchema.parse({})).toEqual({});
    expect(ZUpdateSettingsRequestSchema.parse({ defaultRatePerMinute: 0.5 })).toEqual({ defaultRatePerMinute: '0.5' });
    expect(ZUpdateSettingsRequestSchema.parse({ defaultRatePerMinute: ' 2.25 ' })).toEqual({
      defaultRatePerMinute: '2.25',
    });
    expect(firstMessage(ZUpdateSettingsRequestSchema.safeParse({ defaultRatePerMinute: '-0.1' }))).toBe(
      'Rate Per Minute must be zero or greater',
    );
    expect(firstMessage(ZUpdateSettingsRequestSchema.safeParse({ defaultRatePerMinute: '1e3' }))).toBe(
      'Rate Per Minute must be a valid number',
    );
    expect(firstMessage(ZUpdateSettingsRequestSchema.safeParse({ billingIncrementSeconds: 15 }))).toBe(
      'Billing increment must be 60, 6 or 1 seconds',
    );
    expect(firstMessage(ZUpdateSettingsRequestSchema.safeParse({ timezone: 'Europe/Paris' }))).toBe(
      'Choose one of the listed timezones',
    );
  });

  it('the billing form needs a rate', () => {
    expect(
      firstMessage(
        ZBillingConfigFormSchema.safeParse({
          defaultRatePerMinute: '',
          timezone: 'UTC',
          billingIncrementSeconds: '60',
        }),
      ),
    ).toBe('Rate Per Minute is required');
  });
});
