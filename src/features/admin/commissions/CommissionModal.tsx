import { Anchor, Badge, Group, List, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPrice } from '../../../../server/domain/money';
import { trpc } from '../../../lib/trpc';
import { BuildLog, QuoteDetails, RequestSummary } from '../../commissions';
import { formatDate, formatDateTime } from '../format';
import { modalStyles } from '../modal-styles';
import { CommissionActions } from './CommissionActions';
import { commissionBadgeProps, commissionStatusLabel, type AdminCommission } from './commission-types';
import { NotesEditor } from './NotesEditor';
import { QuoteEditor } from './QuoteEditor';
import { UpdateEditor } from './UpdateEditor';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={3} fz="md" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** One commission for the owner: the request and its photos, the quotes, the build log, and the moves from here. */
export function CommissionModal({
  id,
  onClose,
  onOpenOrder,
}: {
  id: number | null;
  onClose: () => void;
  onOpenOrder: (orderId: number) => void;
}) {
  const utils = trpc.useUtils();
  const commission = trpc.admin.commissions.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const data = id !== null ? commission.data : undefined;

  const saved = (next: AdminCommission) => {
    utils.admin.commissions.byId.setData({ id: next.id }, next);
    void utils.admin.commissions.list.invalidate();
    void utils.admin.commissions.count.invalidate();
  };

  return (
    <Modal
      styles={modalStyles}
      opened={id !== null}
      onClose={onClose}
      title={data ? `Commission #${data.id}: ${data.name}` : 'Commission'}
      size="48rem"
    >
      {!data ? (
        <Loader aria-label="Loading the commission" />
      ) : (
        <Stack>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div>
              <Anchor href={`mailto:${data.email}`} size="sm" c="walnut.8">
                {data.email}
              </Anchor>
              <Text size="sm" c="dimmed">
                Requested {formatDateTime(data.createdAt)}
              </Text>
            </div>
            <Badge {...commissionBadgeProps(data.status)}>{commissionStatusLabel(data.status)}</Badge>
          </Group>
          <CommissionActions key={`${data.status}-${data.paid}`} commission={data} onSaved={saved} onOpenOrder={onOpenOrder} />
          {(data.paid !== '0.00' || data.refunded !== '0.00') && (
            <Text size="sm">
              Paid {formatPrice(data.paid)}
              {data.refunded !== '0.00' && `, refunded ${formatPrice(data.refunded)}`}
              {data.due !== '0.00' && `; due now ${formatPrice(data.due)}`}.
            </Text>
          )}
          <Part id="commission-request" title="The request">
            <RequestSummary request={data} />
          </Part>
          {data.quote && (
            <Part id="commission-quote" title={`Current quote (version ${data.quote.version})`}>
              <QuoteDetails quote={data.quote} />
              {data.quotes.length > 1 && (
                <>
                  <Text fw={600} size="sm" mt="md">
                    Earlier versions
                  </Text>
                  <List size="sm">
                    {data.quotes.slice(0, -1).map((quote) => (
                      <List.Item key={quote.version}>
                        Version {quote.version}, sent {formatDate(quote.createdAt)}: total {formatPrice(quote.total)}, deposit{' '}
                        {formatPrice(quote.deposit)}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Part>
          )}
          {(data.status === 'requested' || data.status === 'quoted') && (
            <QuoteEditor key={data.quote?.version ?? 0} commission={data} onSaved={saved} />
          )}
          {['accepted', 'ready', 'paid'].includes(data.status) && (
            <>
              <UpdateEditor commission={data} onSaved={saved} />
              <Part id="commission-log" title="Build log">
                <BuildLog updates={data.updates} />
              </Part>
            </>
          )}
          {/* Keyed apart from the quote editor (keyed by version): another commission opened starts from its own notes. */}
          <NotesEditor key={`notes-${data.id}`} commission={data} onSaved={saved} />
        </Stack>
      )}
    </Modal>
  );
}
