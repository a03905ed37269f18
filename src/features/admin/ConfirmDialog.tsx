import { Button, Group, Modal, Text } from '@mantine/core';
import { modalStyles } from './modal-styles';

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal styles={modalStyles} opened={props.opened} onClose={props.onCancel} title={props.title} centered>
      <Text>{props.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button color="red.8" onClick={props.onConfirm} loading={props.busy}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
