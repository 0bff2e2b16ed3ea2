import { Alert, Anchor, Group, List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AdminPartner, SameDocumentPartner } from '#common/contracts/admin';
import { text } from '../messages.ts';

const t = text.sameDocument;

/** "CNPJ" or "CPF", by the document's length. */
const kindOf = (document: string | null) => (document?.length === 11 ? 'CPF' : 'CNPJ');

export const partnerPath = (uuid: string) => `/admin/gestao/parceiros/${uuid}`;

/** "Clínica Helena Martins Ltda. (Helena Martins) — aprovado", linked to that partner's page. */
function OtherPartner({ other }: { other: SameDocumentPartner }) {
  return (
    <>
      {/* From the approve dialog too: the dialog closes as the other partner's page opens. */}
      <Anchor
        component={Link}
        to={partnerPath(other.uuid)}
        size="sm"
        fw={600}
        onClick={() => modals.closeAll()}
      >
        {other.legal_name ?? other.name}
      </Anchor>
      {other.legal_name ? ` (${other.name})` : ''} — {t.statuses[other.status] ?? other.status}
    </>
  );
}

/**
 * The warning that another partner account holds the same document. `compact`: a line for a
 * table cell; otherwise a yellow box with what to check before approving.
 */
export function SameDocumentWarning({ partner, compact }: { partner: AdminPartner; compact?: boolean }) {
  const others = partner.same_document_as;
  if (others.length === 0) return null;
  const kind = kindOf(partner.document);
  if (compact) {
    // A table cell: the first account and how many more; the dialog and the page list them all.
    const [first, ...more] = others;
    return (
      <Group gap={4} wrap="nowrap" align="flex-start" mt={4} maw={280}>
        <IconAlertTriangle
          size={16}
          aria-hidden="true"
          color="var(--mantine-color-orange-8)"
          style={{ flex: 'none', marginTop: 2 }}
        />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" fw={700}>
            {t.short(kind)}
          </Text>{' '}
          <OtherPartner other={first!} />
          {more.length > 0 ? ` ${t.andMore(more.length)}` : ''}
        </Text>
      </Group>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={others.length === 1 ? t.title(kind) : t.titleMany(kind, others.length)}
      styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
    >
      <Text size="sm">{t.intro(kind)}</Text>
      <List size="sm" my={4}>
        {others.map((o) => (
          <List.Item key={o.uuid} style={{ overflowWrap: 'anywhere' }}>
            <OtherPartner other={o} />
          </List.Item>
        ))}
      </List>
      <Text size="sm">{t.advice(kind)}</Text>
    </Alert>
  );
}
