import { Button, Checkbox, Group, MultiSelect, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { trpc } from '../../../lib/trpc';
import { refusal, STATE_CHOICES, type Issues, type Settings } from './settings-form';
import { TaxForm } from './TaxForm';

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
        onError: (failure) => setIssues(refusal(failure, root.current)),
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
