/**
 * The maps as the pages import them: each one's code (and Leaflet with its styles) is fetched only
 * when it is first drawn, so a page that never opens a map loads none of it.
 */
import { Center, Loader, Text } from '@mantine/core';
import { lazy } from 'react';
import { text } from './messages.ts';

export const RoomsMap = lazy(() => import('./rooms-map.tsx'));
export const PinMap = lazy(() => import('./pin-map.tsx'));

/** What stands in the map's place while its code arrives. */
export function MapLoading() {
  return (
    <Center h="100%" mih={200} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Loader size="sm" mr="xs" aria-hidden="true" />
      <Text size="sm" role="status">
        {text.loading}
      </Text>
    </Center>
  );
}
