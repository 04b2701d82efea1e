import { zodResolver } from '@hookform/resolvers/zod';
import { ZCreateApiTokenRequestSchema, type TCreateApiTokenRequest } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/trpc';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';

/** Your own API tokens for scripts (`Authorization: Bearer <token>`). */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const createToken = useCreateApiToken();
  const revokeToken = useRevokeApiToken();
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const form = useForm<TCreateApiTokenRequest>({
    resolver: zodResolver(ZCreateApiTokenRequestSchema),
    defaultValues: { name: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await createToken.mutateAsync(values);
      setSecret({ name: answer.data.name, token: answer.data.token });
      toast.success('API token created');
      form.reset();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create API token'));
    }
  });

  async function revoke(id: string, name: string) {
    if (!window.confirm(`Revoke the API token "${name}"? Scripts using it will stop working.`)) return;
    try {
      await revokeToken.mutateAsync({ id });
      toast.success('API token revoked');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to revoke API token'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>API Tokens</CardTitle>
        <span className="text-xs text-slate-500">Scripts send Authorization: Bearer &lt;token&gt; and act as you</span>
      </CardHeader>
      <CardContent className="space-y-4">
        <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate aria-label="Create API token">
          <FormField
            label="Token name"
            htmlFor="token-name"
            error={form.formState.errors.name?.message}
            className="min-w-60 flex-1"
          >
            <Input id="token-name" placeholder="e.g. nightly export" autoComplete="off" {...form.register('name')} />
          </FormField>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Create Token
          </Button>
        </form>
        {secret && (
          <Alert tone="success" title={`Token "${secret.name}" created`} data-testid="new-token">
            <p className="text-sm">Copy it now: it is shown only this once.</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code className="break-all rounded bg-white px-2 py-1 text-xs text-slate-800">{secret.token}</code>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  navigator.clipboard?.writeText(secret.token).then(
                    () => toast.success('Token copied'),
                    () => toast.error('Could not copy the token'),
                  )
                }
              >
                Copy
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
                Dismiss
              </Button>
            </div>
          </Alert>
        )}
        {tokens.data && tokens.data.data.length === 0 ? (
          <p className="text-sm text-slate-500">You have no API tokens.</p>
        ) : (
          <Table aria-label="API tokens">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Created</Th>
                <Th>Last used</Th>
                <Th className="text-right">Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {(tokens.data?.data ?? []).map((token) => (
                <Tr key={token.id}>
                  <Td className="font-medium">{token.name}</Td>
                  <Td>{formatDateTime(token.createdAt)}</Td>
                  <Td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</Td>
                  <Td className="text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void revoke(token.id, token.name)}
                      aria-label={`Revoke ${token.name}`}
                    >
                      Revoke
                    </Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
