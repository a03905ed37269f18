import { Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { DECLINED_CARD_REASONS, DECLINED_REASONS_HEADING, TRY_HEADING, type PaymentErrorInfo } from '../../../server/domain/payment-errors';

export type PaymentMethod = 'square' | 'paypal';

/** docs/product.md section 2's payment-error dialog: title by category, message, what to try, and three ways on. */
export function PaymentErrorDialog({
  error,
  method,
  onRetry,
  onSwitchMethod,
  onClose,
}: {
  error: PaymentErrorInfo | null;
  method: PaymentMethod;
  onRetry: () => void;
  onSwitchMethod: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={error !== null}
      onClose={onClose}
      title={error?.title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {error && (
        <Stack gap="md">
          <Text>{error.message}</Text>
          <div>
            <Title order={3} fz="md" mb={6}>
              {TRY_HEADING}
            </Title>
            <List size="sm" spacing={4}>
              {error.suggestions.map((suggestion) => (
                <List.Item key={suggestion}>{suggestion}</List.Item>
              ))}
            </List>
          </div>
          {error.category === 'card_declined' && (
            <div>
              <Title order={3} fz="md" mb={6}>
                {DECLINED_REASONS_HEADING}
              </Title>
              <List size="sm" spacing={4}>
                {DECLINED_CARD_REASONS.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            </div>
          )}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button variant="outline" onClick={onSwitchMethod}>
              {method === 'square' ? 'Try PayPal' : 'Try Credit Card'}
            </Button>
            <Button onClick={onRetry}>Try Again</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
