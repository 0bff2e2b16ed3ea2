import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import type { SearchFacets } from '#common/contracts/rooms';
import { filterParams, MIN_RATING_FILTERS, type SearchFromUrl, searchParamNames } from '#common/domain/rooms';
import { text } from '../messages.ts';

const n = searchParamNames;

/** Whole reais as the field shows them ("80"), from centavos. */
const reais = (cents: number | null) => (cents === null ? '' : String(Math.round(cents / 100)));
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** How many filters are on (the phone's "Filtros" button says so). */
export const activeFilters = (search: SearchFromUrl) =>
  (search.neighborhood ? 1 : 0) +
  (search.minPrice !== null || search.maxPrice !== null ? 1 : 0) +
  (search.minRating !== null ? 1 : 0) +
  search.facilities.length;

/**
 * The list's filters (decision 0042): neighbourhood, hour price, rating and facilities, read from the
 * address and written back to it (`set`), so a shared link keeps them. The options are those of
 * the rooms the text finds (`facets`), with how many rooms each. A choice applies at once; the
 * prices when the person leaves the field or presses Enter. `idPrefix` keeps the ids of the
 * desktop column and the phone's drawer apart.
 */
export function SearchFilters({
  search,
  facets,
  set,
  idPrefix,
}: {
  search: SearchFromUrl;
  facets: SearchFacets | undefined;
  set(changes: Record<string, string | null>): void;
  idPrefix: string;
}) {
  const [min, setMin] = useState(reais(search.minPrice));
  const [max, setMax] = useState(reais(search.maxPrice));
  useEffect(() => {
    setMin(reais(search.minPrice));
    setMax(reais(search.maxPrice));
  }, [search.minPrice, search.maxPrice]);

  const applyPrices = (event?: FormEvent) => {
    event?.preventDefault();
    if (min === reais(search.minPrice) && max === reais(search.maxPrice)) return;
    set({ [n.minPrice]: min || null, [n.maxPrice]: max || null });
  };

  const neighborhoods = facets?.neighborhoods ?? [];
  const picked = search.neighborhood;
  // A neighbourhood from a shared link stays listed even when the text no longer finds it.
  const hoodOptions = [
    { value: '', label: text.filters.anyNeighborhood },
    ...neighborhoods.map((h) => ({
      value: h.name,
      label: text.filters.neighborhoodOption(h.name, h.cities, h.count),
    })),
    ...(picked && !neighborhoods.some((h) => h.name.toLowerCase() === picked.toLowerCase())
      ? [{ value: picked, label: picked }]
      : []),
  ];
  const hoodValue =
    neighborhoods.find((h) => picked && h.name.toLowerCase() === picked.toLowerCase())?.name ?? picked ?? '';

  const facilities = facets?.facilities ?? [];
  // A rating from a shared link that the list does not offer stays listed.
  const ratings: number[] = [...MIN_RATING_FILTERS];
  if (search.minRating !== null && !ratings.includes(search.minRating)) ratings.push(search.minRating);
  const ratingOptions = [
    { value: '', label: text.filters.anyRating },
    ...ratings
      .sort((a, b) => a - b)
      .map((r) => ({ value: String(r), label: text.filters.ratingOption(r.toLocaleString('pt-BR')) })),
  ];

  return (
    <Stack gap="lg">
      <NativeSelect
        id={`${idPrefix}-bairro`}
        label={text.filters.neighborhood}
        data={hoodOptions}
        value={hoodValue}
        onChange={(e) => set({ [n.neighborhood]: e.currentTarget.value || null })}
      />
      <form onSubmit={applyPrices} aria-labelledby={`${idPrefix}-preco`}>
        <Text id={`${idPrefix}-preco`} size="sm" fw={500} mb={4}>
          {text.filters.price}
        </Text>
        <Group gap="xs" wrap="nowrap" grow>
          <TextInput
            id={`${idPrefix}-preco-min`}
            aria-label={text.filters.minPrice}
            placeholder={facets?.price_cents ? reais(facets.price_cents.min) : text.filters.min}
            leftSection={<Text size="xs">R$</Text>}
            inputMode="numeric"
            value={min}
            onChange={(e) => setMin(digits(e.currentTarget.value))}
            onBlur={() => applyPrices()}
          />
          <TextInput
            id={`${idPrefix}-preco-max`}
            aria-label={text.filters.maxPrice}
            placeholder={facets?.price_cents ? reais(facets.price_cents.max) : text.filters.max}
            leftSection={<Text size="xs">R$</Text>}
            inputMode="numeric"
            value={max}
            onChange={(e) => setMax(digits(e.currentTarget.value))}
            onBlur={() => applyPrices()}
          />
        </Group>
        {/* Enter in either field applies both (`hidden` keeps it from every reader too). */}
        <button type="submit" hidden tabIndex={-1} />
      </form>
      <NativeSelect
        id={`${idPrefix}-nota`}
        label={text.filters.rating}
        data={ratingOptions}
        value={search.minRating === null ? '' : String(search.minRating)}
        onChange={(e) => set({ [n.minRating]: e.currentTarget.value || null })}
      />
      <Checkbox.Group
        label={text.filters.facilities}
        value={search.facilities}
        onChange={(next) => set({ [n.facilities]: next.length ? [...next].sort().join(',') : null })}
      >
        <Stack gap={8} mt={6}>
          {facilities.length === 0 && (
            <Text size="sm" c="dimmed">
              {text.filters.noFacilities}
            </Text>
          )}
          {facilities.map((f) => (
            <Checkbox
              key={f.uuid}
              id={`${idPrefix}-dif-${f.uuid}`}
              value={f.uuid}
              label={text.filters.facilityOption(f.name, f.count)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {activeFilters(search) > 0 && (
        <Button
          variant="subtle"
          onClick={() => set(Object.fromEntries(filterParams.map((p) => [p, null])))}
          style={{ alignSelf: 'flex-start' }}
        >
          {text.filters.clear}
        </Button>
      )}
    </Stack>
  );
}
