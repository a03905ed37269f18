// Admin dialogs: a title that reads as one.
export const modalStyles = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };
