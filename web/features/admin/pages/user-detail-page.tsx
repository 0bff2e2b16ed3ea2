import {
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useParams } from 'react-router';
import type { AdminUserDetail } from '#common/contracts/admin';
import { addDays, zonedDate } from '#common/time/zone';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { DisputeBadge } from '#web/components/dispute-badge.tsx';
import { PhoneInput } from '#web/components/masked-inputs.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { RoomClinic } from '#web/components/room-clinic.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { Section } from '#web/components/section.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { MercadopagoStatusText } from '#web/features/payment-account/components/mercadopago-status-text.tsx';
import { SAVE_FAILED, showFormError } from '#web/lib/form-errors.ts';
import { formatBrl, formatShortDate } from '#web/lib/format.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { usePlans, useUpdatePartner, useUserAppointments, useUserDetail } from '../api.ts';
import { ActiveSwitch } from '../components/active-switch.tsx';
import {
  DeskInvitation,
  DeskPersonActivity,
  DeskPersonBookings,
} from '../components/desk-person-activity.tsx';
import { ApprovalCell, approvalText } from '../components/partner-approval.tsx';
import { SameDocumentWarning } from '../components/same-document-warning.tsx';
import { formatDocument } from './partners-page.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  });

function PartnerEditor({ user }: { user: AdminUserDetail }) {
  const partner = user.partner!;
  const plans = usePlans();
  const update = useUpdatePartner(user.uuid);
  const form = useForm({
    initialValues: {
      name: user.name,
      phone: partner.phone ?? '',
      legal_name: partner.legal_name ?? '',
      plan_uuid: partner.plan?.uuid ?? '',
    },
  });
  const submit = form.onSubmit((v) =>
    update.mutate(
      {
        name: v.name,
        phone: v.phone || null,
        legal_name: v.legal_name || null,
        plan_uuid: v.plan_uuid || undefined,
      },
      {
        onSuccess: () => notifySuccess('Informações Atualizadas com Sucesso!'),
        onError: showFormError(form, SAVE_FAILED),
      },
    ),
  );
  return (
    <Section title="Dados do parceiro">
      <form onSubmit={submit}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nome" required {...form.getInputProps('name')} />
          <PhoneInput label="Telefone" {...form.getInputProps('phone')} />
          <TextInput label="Razão social" {...form.getInputProps('legal_name')} />
          <Select
            label="Plano"
            data={(plans.data ?? []).map((p) => ({
              value: p.uuid,
              label: `${p.name} — ${p.commission_percent.replace('.', ',')}%`,
            }))}
            allowDeselect={false}
            {...form.getInputProps('plan_uuid')}
          />
        </SimpleGrid>
        <Group justify="space-between" mt="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Documento: {formatDocument(partner.document)}
            </Text>
            <MercadopagoStatusText partnerUuid={user.uuid} />
          </Stack>
          <Button type="submit" loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </form>
    </Section>
  );
}

function RecentAppointments({ uuid }: { uuid: string }) {
  const today = zonedDate(new Date(), 'America/Sao_Paulo');
  const list = useUserAppointments(uuid, { dateInit: addDays(today, -90), dateEnd: addDays(today, 90) });
  return (
    <Section title="Agendamentos (90 dias antes e depois de hoje)">
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {list.data?.data.length === 0 ? (
          <Text c="dimmed">Nenhum agendamento no período.</Text>
        ) : (
          <ScrollTable minWidth={640} label="Agendamentos">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Sala</Table.Th>
                  <Table.Th>Especialista</Table.Th>
                  <Table.Th>Valor</Table.Th>
                  <Table.Th>Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((a) => (
                  <Table.Tr key={a.uuid}>
                    <Table.Td>
                      {formatShortDate(a.date_time)} {a.date_time.slice(11, 16)}
                    </Table.Td>
                    <Table.Td>
                      <RoomClinic room={a.room.name} clinic={a.clinic.name} />
                    </Table.Td>
                    <Table.Td>{a.customer.name}</Table.Td>
                    <Table.Td>
                      {formatBrl(a.amount_cents)} <DisputeBadge status={a.payment_status} />
                    </Table.Td>
                    <Table.Td>{bookingText.statuses[a.status] ?? a.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
    </Section>
  );
}

/**
 * /admin/gestao/especialistas/{uuid} and /admin/gestao/parceiros/{uuid}: one person, with the trail.
 * A specialist's page also has their bookings (each opening its booking page), horários fixos,
 * waitlist places and saved cards; anyone who never set a password can be sent the invitation again.
 */
export function AdminUserDetailPage() {
  const { uuid } = useParams();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const detail = useUserDetail(uuid);
  const user = detail.data;
  usePageTitle(user?.name ?? 'Conta');
  useBreadcrumbName(uuid, user?.name);
  return (
    <QueryState isPending={detail.isPending} error={detail.error} retry={() => detail.refetch()}>
      {user && (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                {user.name}
              </Title>
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email} · desde {formatShortDate(user.created_at)}
              </Text>
              <Group gap="xs" mt={4}>
                <Badge variant="light">{user.role_name === 'partner' ? 'Parceiro' : 'Especialista'}</Badge>
                {!user.email_verified && (
                  <Badge variant="light" color="yellow" style={{ color: 'var(--mantine-color-dark-7)' }}>
                    Ainda não definiu a senha
                  </Badge>
                )}
              </Group>
              {user.partner && (
                <Group gap="xs" mt={8} align="flex-start" wrap="nowrap">
                  <Text size="sm" fw={600} mt={2}>
                    {approvalText.column}:
                  </Text>
                  <ApprovalCell partner={user.partner} />
                </Group>
              )}
              <div style={{ marginTop: 8 }}>
                <DeskInvitation uuid={user.uuid} />
              </div>
            </div>
            <ActiveSwitch
              uuid={user.uuid}
              name={user.name}
              active={user.active}
              partner={user.role_name === 'partner'}
            />
          </Group>
          {user.specialist && (
            <Section title="Dados do especialista">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Text size="sm">CPF: {user.specialist.cpf ? formatDocument(user.specialist.cpf) : '—'}</Text>
                <Text size="sm">Profissão: {user.specialist.profession ?? '—'}</Text>
                <Text size="sm">Conselho: {user.specialist.council ?? '—'}</Text>
              </SimpleGrid>
            </Section>
          )}
          {user.partner && <SameDocumentWarning partner={user.partner} />}
          {user.partner && <PartnerEditor key={user.uuid} user={user} />}
          {user.clinics.length > 0 && (
            <Section title="Clínicas e salas">
              <Stack gap="sm">
                {user.clinics.map((c) => (
                  <div key={c.uuid}>
                    <Text fw={600}>
                      {c.name}
                      {c.city ? ` · ${c.city}` : ''}
                    </Text>
                    <Group gap={6} mt={4}>
                      {c.rooms.map((r) => (
                        <Badge
                          key={r.uuid}
                          variant={r.fixed ? 'filled' : 'light'}
                          color={r.active ? 'salas' : 'gray'}
                        >
                          {r.name}
                          {r.fixed ? ' · fixada' : ''}
                          {r.active ? '' : ' · inativa'}
                        </Badge>
                      ))}
                      {c.rooms.length === 0 && (
                        <Text size="sm" c="dimmed">
                          Sem salas.
                        </Text>
                      )}
                    </Group>
                  </div>
                ))}
              </Stack>
            </Section>
          )}
          {user.role_name === 'customer' ? (
            <>
              <DeskPersonBookings uuid={user.uuid} email={user.email} phone={phone} />
              <DeskPersonActivity uuid={user.uuid} />
            </>
          ) : (
            <RecentAppointments uuid={user.uuid} />
          )}
          <Section title="Histórico de ações do operador">
            {user.audit.length === 0 ? (
              <Text c="dimmed">Nenhuma ação registrada.</Text>
            ) : (
              <Timeline bulletSize={14} lineWidth={2}>
                {user.audit.map((a, i) => (
                  <Timeline.Item key={`${a.created_at}-${i}`} title={a.description}>
                    <Text size="xs" c="dimmed">
                      {when(a.created_at)} ·{' '}
                      {a.actor ? `${a.actor.name} (${a.actor.email})` : 'operador removido'}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </Section>
        </Stack>
      )}
    </QueryState>
  );
}
