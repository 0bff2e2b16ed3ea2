import { notifications } from '@mantine/notifications';

const show = (color: 'red' | 'green', title: string, message: string) =>
  notifications.show({
    color,
    title,
    message,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Fechar aviso' },
  });

export const notifyError = (title: string, message: string) => show('red', title, message);
export const notifySuccess = (message: string, title = 'Sucesso!') => show('green', title, message);
