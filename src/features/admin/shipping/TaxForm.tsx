import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { STATES } from '../../../../server/domain/states';
import { trpc } from '../../../lib/trpc';
import { refusal, STATE_CHOICES, type Issues, type Settings } from './settings-form';

interface RateForm {
  state: string;
  rate: string;
  local: string;
}
/** 475 -> '4.75'. */
const percentOf = (basisPoints: number) => String(basisPoints / 100);
/** '4.75' -> 475; NaN for what is not a percentage (the server names the field). */
const basisPointsOf = (percent: string) => (/^\d{1,2}(\.\d{1,2})?$/.test(percent.trim()) ? Math.round(Number(percent) * 100) : Number.NaN);

export function TaxForm({ initial }: { initial: Settings['tax'] }) {
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
        onError: (failure) => setIssues(refusal(failure, root.current)),
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
