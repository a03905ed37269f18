import { Button, Checkbox, Group, MultiSelect, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { inferRouterOutputs } from '@trpc/server';
import { useRef, useState, type FormEvent } from 'react';
import { STATES } from '../../../../server/domain/states';
import type { AppRouter } from '../../../../server/trpc/app-router';
import { trpc } from '../../../lib/trpc';
import { inputIssues } from '../../../lib/trpc-errors';

type Settings = inferRouterOutputs<AppRouter>['admin']['sales'];
type Issues = Record<string, string>;

const STATE_CHOICES = STATES.map((state) => ({ value: state.value, label: `${state.label} (${state.value})` }));

/** Each bad field the server named, by its whole path ('zones.1.states'). */
function issuesOf(error: unknown): Issues {
  const found: Issues = {};
  for (const issue of inputIssues(error)) found[issue.path.join('.')] ??= issue.message;
  return found;
}

/** After a refusal the keyboard goes to the first field the server named. */
const focusFirstInvalid = (root: HTMLElement | null) =>
  requestAnimationFrame(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/** Where the shop sells (D39): its shipping zones and the states where it collects tax (docs/admin.md). */
export function ShippingSection() {
  const shipping = trpc.admin.sales.shipping.useQuery();
  const tax = trpc.admin.sales.tax.useQuery();
  return (
    <>
      <Title order={1} fz="h2" mb="xs">
        Shipping &amp; tax
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Where the shop ships, at what rates, and where it collects sales tax. Changes apply to new quotes at once; orders already placed
        keep their amounts.
      </Text>
      <Stack gap="lg">
        {shipping.data ? <ZonesForm initial={shipping.data} /> : <Skeleton h={240} />}
        {tax.data ? <TaxForm initial={tax.data} /> : <Skeleton h={160} />}
      </Stack>
    </>
  );
}

type Zone = Settings['shipping']['zones'][number];
interface ZoneForm {
  name: string;
  states: string[];
  baseRate: string;
  baseWeight: string;
  extraPerPound: string;
  free: boolean;
  freeFrom: string;
}
const zoneFormOf = (zone: Zone): ZoneForm => ({
  ...zone,
  baseWeight: String(zone.baseWeight),
  free: zone.freeFrom !== null,
  freeFrom: zone.freeFrom ?? '',
});
const NEW_ZONE: ZoneForm = { name: '', states: [], baseRate: '', baseWeight: '1', extraPerPound: '', free: false, freeFrom: '' };

function ZonesForm({ initial }: { initial: Settings['shipping'] }) {
  const utils = trpc.useUtils();
  const save = trpc.admin.sales.saveShipping.useMutation();
  const [zones, setZones] = useState<ZoneForm[]>(() => initial.zones.map(zoneFormOf));
  const [issues, setIssues] = useState<Issues>({});
  const root = useRef<HTMLFormElement>(null);
  const set = (index: number, change: Partial<ZoneForm>) =>
    setZones((all) => all.map((zone, at) => (at === index ? { ...zone, ...change } : zone)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssues({});
    const body = zones.map((zone) => ({
      name: zone.name,
      states: zone.states as Zone['states'],
      baseRate: zone.baseRate.trim(),
      baseWeight: zone.baseWeight.trim() === '' ? Number.NaN : Number(zone.baseWeight),
      extraPerPound: zone.extraPerPound.trim(),
      freeFrom: zone.free ? zone.freeFrom.trim() : null,
    }));
    save.mutate(
      { zones: body },
      {
        onSuccess: (saved) => {
          utils.admin.sales.shipping.setData(undefined, saved);
          void utils.shipping.zones.invalidate();
          notifications.show({ title: 'Shipping saved', message: 'New quotes use these rates.', color: 'sage.7' });
        },
        onError: (failure) => {
          setIssues(issuesOf(failure));
          if (inputIssues(failure).length === 0) notifications.show({ title: 'Not saved', message: failure.message, color: 'red' });
          focusFirstInvalid(root.current);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="zones-title">
      <form ref={root} onSubmit={submit} noValidate aria-labelledby="zones-title">
        <Stack gap="md">
          <Title order={2} fz="h4" id="zones-title">
            Shipping zones
          </Title>
          {zones.length === 0 && <Text size="sm">The shop ships nowhere: add a zone.</Text>}
          {zones.map((zone, index) => {
            const error = (field: string) => issues[`zones.${index}.${field}`] ?? issues[`zones.${index}.${field}.0`];
            return (
              <Paper key={index} withBorder p="sm" radius="sm" component="fieldset" aria-label={`Zone ${index + 1}`}>
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Zone name"
                      required
                      value={zone.name}
                      onChange={(e) => set(index, { name: e.currentTarget.value })}
                      error={error('name')}
                    />
                    <MultiSelect
                      label="States"
                      required
                      searchable
                      data={STATE_CHOICES}
                      value={zone.states}
                      onChange={(states) => set(index, { states })}
                      error={error('states')}
                      hidePickedOptions
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, xs: 3 }}>
                    <TextInput
                      label="Base rate ($)"
                      inputMode="decimal"
                      required
                      value={zone.baseRate}
                      onChange={(e) => set(index, { baseRate: e.currentTarget.value })}
                      error={error('baseRate')}
                    />
                    <TextInput
                      label="Covers the first (lb)"
                      inputMode="decimal"
                      required
                      value={zone.baseWeight}
                      onChange={(e) => set(index, { baseWeight: e.currentTarget.value })}
                      error={error('baseWeight')}
                    />
                    <TextInput
                      label="Each further lb ($)"
                      inputMode="decimal"
                      required
                      value={zone.extraPerPound}
                      onChange={(e) => set(index, { extraPerPound: e.currentTarget.value })}
                      error={error('extraPerPound')}
                    />
                  </SimpleGrid>
                  <Group align="flex-end" gap="md" wrap="wrap">
                    <Checkbox
                      label="Free shipping from a subtotal"
                      checked={zone.free}
                      onChange={(e) => set(index, { free: e.currentTarget.checked })}
                      mb={8}
                    />
                    {zone.free && (
                      <TextInput
                        label="Free from ($)"
                        inputMode="decimal"
                        required
                        value={zone.freeFrom}
                        onChange={(e) => set(index, { freeFrom: e.currentTarget.value })}
                        error={error('freeFrom')}
                        w={160}
                      />
                    )}
                    <Button variant="subtle" color="red.9" ml="auto" onClick={() => setZones((all) => all.filter((_, at) => at !== index))}>
                      Remove zone {index + 1}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
          <Group justify="space-between" wrap="wrap">
            <Button variant="default" onClick={() => setZones((all) => [...all, { ...NEW_ZONE }])}>
              Add a zone
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save shipping
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

interface RateForm {
  state: string;
  rate: string;
  local: string;
}
/** 475 -> '4.75'. */
const percentOf = (basisPoints: number) => String(basisPoints / 100);
/** '4.75' -> 475; NaN for what is not a percentage (the server names the field). */
const basisPointsOf = (percent: string) => (/^\d{1,2}(\.\d{1,2})?$/.test(percent.trim()) ? Math.round(Number(percent) * 100) : Number.NaN);

function TaxForm({ initial }: { initial: Settings['tax'] }) {
  const utils = trpc.useUtils();
  const save = trpc.admin.sales.saveTax.useMutation();
  const [rates, setRates] = useState<RateForm[]>(() =>
    initial.rates.map((rate) => ({
      state: rate.state,
      rate: percentOf(rate.rateBasisPoints),
      local: rate.localRateBasisPoints === null ? '' : percentOf(rate.localRateBasisPoints),
    })),
  );
  const [issues, setIssues] = useState<Issues>({});
  const root = useRef<HTMLFormElement>(null);
  const set = (index: number, change: Partial<RateForm>) =>
    setRates((all) => all.map((rate, at) => (at === index ? { ...rate, ...change } : rate)));
  const nameOf = (code: string) => STATES.find((state) => state.value === code)?.label ?? 'a new state';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssues({});
    const body = rates.map((rate) => ({
      state: rate.state as Settings['tax']['rates'][number]['state'],
      rateBasisPoints: basisPointsOf(rate.rate),
      localRateBasisPoints: rate.local.trim() === '' ? null : basisPointsOf(rate.local),
    }));
    save.mutate(
      { rates: body },
      {
        onSuccess: (saved) => {
          utils.admin.sales.tax.setData(undefined, saved);
          notifications.show({ title: 'Tax rates saved', message: 'New quotes use these rates.', color: 'sage.7' });
        },
        onError: (failure) => {
          setIssues(issuesOf(failure));
          if (inputIssues(failure).length === 0) notifications.show({ title: 'Not saved', message: failure.message, color: 'red' });
          focusFirstInvalid(root.current);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tax-title">
      <form ref={root} onSubmit={submit} noValidate aria-labelledby="tax-title">
        <Stack gap="md">
          <Title order={2} fz="h4" id="tax-title">
            Sales tax
          </Title>
          <Text size="sm" c="dimmed">
            Tax is charged on the goods, not on shipping, in the states listed here; elsewhere none is collected.
          </Text>

          <Stack gap="xs">
            {rates.map((rate, index) => {
              const error = (field: string) => issues[`rates.${index}.${field}`];
              return (
                <Group key={index} align="flex-start" gap="sm" wrap="wrap" role="group" aria-label={`Tax in ${nameOf(rate.state)}`}>
                  <Select
                    label="State"
                    searchable
                    required
                    data={STATE_CHOICES}
                    value={rate.state || null}
                    onChange={(state) => set(index, { state: state ?? '' })}
                    error={error('state')}
                    w={{ base: '100%', xs: 220 }}
                  />
                  <TextInput
                    label="State rate (%)"
                    inputMode="decimal"
                    required
                    value={rate.rate}
                    onChange={(e) => set(index, { rate: e.currentTarget.value })}
                    error={error('rateBasisPoints') && 'must be a percentage such as 4.75, at most 20'}
                    w={130}
                  />
                  <TextInput
                    label="Local rate (%)"
                    description="Optional, added"
                    inputMode="decimal"
                    value={rate.local}
                    onChange={(e) => set(index, { local: e.currentTarget.value })}
                    error={error('localRateBasisPoints') && 'must be a percentage such as 4.5, at most 20'}
                    w={130}
                  />
                  <Button variant="subtle" color="red.9" mt={24} onClick={() => setRates((all) => all.filter((_, at) => at !== index))}>
                    Remove {nameOf(rate.state)}
                  </Button>
                </Group>
              );
            })}
          </Stack>

          <Group justify="space-between" wrap="wrap">
            <Button variant="default" onClick={() => setRates((all) => [...all, { state: '', rate: '', local: '' }])}>
              Add a state
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save tax rates
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
