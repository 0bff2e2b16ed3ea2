/**
 * The clinic's pin map as its editor imports it, and the stand-in every map shows while its code
 * (and Leaflet with its styles) arrives: fetched only when first drawn, so a page that never opens
 * a map loads none of it. The room list fetches its map the same way
 * (web/features/rooms/components/rooms-map-pane.tsx).
 */
import { Center, Loader, Text } from '@mantine/core';
import { lazy } from 'react';
import { text } from './messages.ts';

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
