import { notifications } from '@mantine/notifications';

export const notifyError = (title: string, message: string) =>
  notifications.show({
    color: 'red',
    title,
    message,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Fechar aviso' },
  });

export const notifySuccess = (message: string, title = 'Sucesso!') =>
  notifications.show({
    color: 'green',
    title,
    message,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Fechar aviso' },
  });
