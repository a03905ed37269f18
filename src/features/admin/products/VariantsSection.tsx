import { Alert, Button, Group, NumberInput, Stack, Switch, Table, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { MAX_OPTIONS, MAX_VARIANTS, variantTitle } from '../../../../server/domain/variant-input';
import { inputIssues } from '../../../lib/trpc-errors';
import { trpc } from '../../../lib/trpc';
import { ImageUrlInput } from '../ImageUrlInput';
import type { AdminProduct } from '../types';
import {
  currentVariants,
  emptyOption,
  generateVariants,
  issuesToErrors,
  toVariantsInput,
  validateVariantsForm,
  variantsToForm,
  withoutOption,
  type VariantsFormValues,
} from './variants-form';

/** Each option's example, so the second option's fields do not suggest a wood. */
const EXAMPLES = [
  { name: 'e.g. Wood', values: 'e.g. Walnut' },
  { name: 'e.g. Size', values: 'e.g. Large' },
  { name: 'e.g. Finish', values: 'e.g. Oiled' },
];

/**
 * The product's options (Wood: Walnut, Cherry) and a row per combination (D38), saved on their own with
 * admin.products.replaceVariants. `defaults`: the product's price and weight, which new rows start from.
 */
export function VariantsSection(props: {
  product: AdminProduct;
  defaults: () => { price: number | string; weight: number | string };
  onSaved: (product: AdminProduct) => void;
}) {
  const { product, defaults, onSaved } = props;
  const utils = trpc.useUtils();
  const replace = trpc.admin.products.replaceVariants.useMutation();
  const [kept, setKept] = useState(() => currentVariants(product).kept);
  const [serverError, setServerError] = useState<string>();
  const form = useForm<VariantsFormValues>({ initialValues: variantsToForm(product), validate: validateVariantsForm });
  const { options, variants } = form.getValues();
  const headingId = `product-${product.id}-variants`;

  function generate() {
    const optionErrors = Object.fromEntries(
      Object.entries(validateVariantsForm(form.getValues())).filter(([field]) => field.startsWith('options')),
    );
    if (Object.keys(optionErrors).length > 0) {
      form.setErrors(optionErrors);
      return;
    }
    const rows = generateVariants(options, variants, defaults());
    if (!rows) {
      form.setErrors({ variants: `These options make more than ${MAX_VARIANTS} variants: remove some values` });
      return;
    }
    form.setFieldValue('variants', rows);
    form.clearErrors();
  }

  async function save(values: VariantsFormValues) {
    setServerError(undefined);
    let saved: AdminProduct;
    try {
      saved = await replace.mutateAsync({ id: product.id, ...toVariantsInput(values) });
    } catch (error) {
      const issues = inputIssues(error);
      if (issues.length > 0) form.setErrors(issuesToErrors(issues));
      else setServerError(error instanceof Error ? error.message : 'The variants were not saved');
      notifications.show({ title: 'Error', message: 'Failed to save the variants', color: 'red' });
      return;
    }
    form.setValues(variantsToForm(saved));
    form.resetDirty();
    setKept(currentVariants(saved).kept);
    onSaved(saved);
    notifications.show({ title: 'Success', message: 'Variants saved', color: 'sage.7' });
    await Promise.all([utils.admin.products.invalidate(), utils.admin.dashboard.invalidate(), utils.products.invalidate()]);
  }

  const sectionError = form.errors.options ?? form.errors.variants;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={3} fz="md" id={headingId}>
        Options and variants
      </Title>
      <Text size="sm" c="dimmed">
        Up to {MAX_OPTIONS} options, such as Wood or Size. Generate variants makes a row for every combination, each with its own price,
        stock and picture; Save variants saves this section (Update Product saves the fields above).
      </Text>
      {kept > 0 && (
        <Text size="sm">
          {kept === 1 ? '1 earlier variant is kept for its orders' : `${kept} earlier variants are kept for their orders`} (switched off,
          not sold).
        </Text>
      )}
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="sm">
          {options.map((option, index) => (
            <Group key={option.key} align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={`Option ${index + 1} name`}
                placeholder={EXAMPLES[index]?.name}
                w={{ base: '100%', xs: 160 }}
                {...form.getInputProps(`options.${index}.name`)}
              />
              <TagsInput
                label={`Option ${index + 1} values`}
                description="Type a value, then press Enter"
                placeholder={EXAMPLES[index]?.values}
                style={{ flex: 1, minWidth: 200 }}
                {...form.getInputProps(`options.${index}.values`)}
              />
              <Button
                variant="subtle"
                color="red.8"
                mt={{ base: 0, xs: 24 }}
                aria-label={`Remove option ${index + 1}`}
                onClick={() => form.setValues(withoutOption(form.getValues(), index))}
              >
                Remove
              </Button>
            </Group>
          ))}
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => form.insertListItem('options', emptyOption())}
              disabled={options.length >= MAX_OPTIONS}
            >
              Add option
            </Button>
            <Button variant="light" onClick={generate} disabled={options.length === 0}>
              Generate variants
            </Button>
          </Group>
          {sectionError && (
            <Text size="sm" c="red.8" role="alert">
              {sectionError}
            </Text>
          )}
          {serverError && (
            <Alert color="red" role="alert" title="Not saved">
              {serverError}
            </Alert>
          )}
          {variants.length > 0 && <VariantRows form={form} />}
          <Group justify="flex-end">
            <Button type="submit" loading={replace.isPending}>
              Save variants
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

type VariantsForm = UseFormReturnType<VariantsFormValues>;

const COLUMNS = ['Price ($)', 'Stock', 'Weight (lbs)', 'SKU', 'Picture', 'On sale'] as const;

/** A row per variant: its combination, then its own price, stock, weight, SKU, picture and whether it is on sale. */
function VariantRows({ form }: { form: VariantsForm }) {
  const { variants } = form.getValues();
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="xs" aria-label="Variants">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variant</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                {column}
              </Table.Th>
            ))}
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {variants.map((row, index) => {
            const title = variantTitle(row.options);
            const field = (name: string) => `variants.${index}.${name}`;
            const combinationError = form.errors[field('options')];
            return (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {title}
                  {combinationError && (
                    <Text size="xs" c="red.8" fw={400}>
                      {combinationError}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td miw={110}>
                  <NumberInput
                    aria-label={`Price ($) of ${title}`}
                    min={0}
                    step={0.01}
                    decimalScale={2}
                    {...form.getInputProps(field('price'))}
                  />
                </Table.Td>
                <Table.Td miw={90}>
                  <NumberInput
                    aria-label={`Stock of ${title}`}
                    min={0}
                    step={1}
                    allowDecimal={false}
                    {...form.getInputProps(field('stockQuantity'))}
                  />
                </Table.Td>
                <Table.Td miw={100}>
                  <NumberInput
                    aria-label={`Weight (lbs) of ${title}`}
                    min={0}
                    step={0.1}
                    decimalScale={2}
                    {...form.getInputProps(field('weight'))}
                  />
                </Table.Td>
                <Table.Td miw={130}>
                  <TextInput aria-label={`SKU of ${title}`} {...form.getInputProps(field('sku'))} />
                </Table.Td>
                <Table.Td miw={240}>
                  <ImageUrlInput
                    aria-label={`Picture of ${title}`}
                    placeholder="The product's"
                    uploadLabel={`Upload a picture of ${title}`}
                    onUploaded={(url) => form.setFieldValue(field('imageUrl'), url)}
                    {...form.getInputProps(field('imageUrl'))}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch aria-label={`On sale: ${title}`} {...form.getInputProps(field('enabled'), { type: 'checkbox' })} />
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red.8"
                    size="xs"
                    aria-label={`Remove ${title}`}
                    onClick={() => form.removeListItem('variants', index)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
