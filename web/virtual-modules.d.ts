/** Mantine's styles, only the components the app uses (scripts/vite-mantine-css.ts). */
declare module 'virtual:salas-mantine-css';
