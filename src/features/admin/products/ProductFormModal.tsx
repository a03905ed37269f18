import { Button, Checkbox, Divider, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CATEGORIES } from '../../../../server/domain/categories';
import { trpc } from '../../../lib/trpc';
import { ImageUrlInput } from '../ImageUrlInput';
import type { AdminProduct } from '../types';
import { emptyProductForm, productToForm, toProductInput, validateProductForm, type ProductFormValues } from './product-form';
import { modalStyles } from '../modal-styles';
import { VariantsSection } from './VariantsSection';

/**
 * 'Add New Product' / 'Edit Product' (docs/product.md sections 2, 5 and 8); `product` undefined means a new one.
 * `formKey` changes at every opening, so each opening starts from the product's own values.
 */
export function ProductFormModal(props: { opened: boolean; formKey: number; product?: AdminProduct; onClose: () => void }) {
  const { opened, formKey, product, onClose } = props;
  return (
    <Modal
      styles={modalStyles}
      opened={opened}
      onClose={onClose}
      title={product ? 'Edit Product' : 'Add New Product'}
      // An existing product's form holds the variants' table (D38), which wants the room.
      size={product ? '64rem' : '42rem'}
    >
      <ProductForm key={formKey} product={product} onDone={onClose} />
    </Modal>
  );
}

function ProductForm({ product, onDone }: { product?: AdminProduct; onDone: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<ProductFormValues>({
    initialValues: product ? productToForm(product) : emptyProductForm(),
    validate: validateProductForm,
  });
  const refresh = () => Promise.all([utils.admin.products.invalidate(), utils.admin.dashboard.invalidate(), utils.products.invalidate()]);
  const create = trpc.admin.products.create.useMutation();
  const update = trpc.admin.products.update.useMutation();
  const saving = create.isPending || update.isPending;
  // D38: a product with options takes price, stock and in stock from its variants; the server ignores the form's.
  const [hasVariants, setHasVariants] = useState((product?.options?.length ?? 0) > 0);
  const fromVariants = hasVariants ? { readOnly: true, description: 'From the variants' } : {};

  function variantsSaved(saved: AdminProduct) {
    setHasVariants((saved.options?.length ?? 0) > 0);
    form.setFieldValue('price', saved.price);
    form.setFieldValue('stockQuantity', saved.stockQuantity);
    form.setFieldValue('inStock', saved.inStock);
  }

  async function submit(values: ProductFormValues) {
    const input = toProductInput(values);
    try {
      if (product) await update.mutateAsync({ ...input, id: product.id });
      else await create.mutateAsync(input);
    } catch {
      notifications.show({ title: 'Error', message: product ? 'Failed to update product' : 'Failed to create product', color: 'red' });
      return;
    }
    notifications.show({
      title: 'Success',
      message: product ? 'Product updated successfully' : 'Product created successfully',
      color: 'sage.7',
    });
    await refresh();
    onDone();
  }

  return (
    <>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Textarea label="Description" required autosize minRows={3} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Price ($)"
              required
              min={0}
              step={0.01}
              decimalScale={2}
              {...fromVariants}
              {...form.getInputProps('price')}
            />
            <NumberInput label="Weight (lbs)" required min={0} step={0.1} decimalScale={2} {...form.getInputProps('weight')} />
            <NumberInput
              label="Stock quantity"
              required
              min={0}
              step={1}
              allowDecimal={false}
              {...fromVariants}
              {...form.getInputProps('stockQuantity')}
            />
            <NumberInput
              label="Low stock alert at"
              description="You get an email when a sale leaves this many or fewer"
              min={0}
              step={1}
              allowDecimal={false}
              {...form.getInputProps('lowStockThreshold')}
            />
            <NumberInput
              label="Oversize surcharge ($, optional)"
              description="For a piece that ships separately: added to shipping for each one bought, even when the order ships free"
              min={0}
              step={0.01}
              decimalScale={2}
              {...form.getInputProps('shippingSurcharge')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Material" required {...form.getInputProps('material')} />
            <TextInput label="Finish" required {...form.getInputProps('finish')} />
            <TextInput label="Dimensions" required placeholder='e.g. 6" x 3"' {...form.getInputProps('dimensions')} />
            <Select
              label="Category"
              required
              placeholder="Choose a category"
              data={CATEGORIES.map((category) => ({ value: category.value, label: category.label }))}
              allowDeselect={false}
              {...form.getInputProps('category')}
            />
          </SimpleGrid>
          <ImageUrlInput
            label="Image URL"
            required
            placeholder="https://... or /images/..."
            uploadLabel="Upload the main image"
            onUploaded={(url) => form.setFieldValue('imageUrl', url)}
            {...form.getInputProps('imageUrl')}
          />
          <ImageUrlInput
            label="Gallery images"
            description="Image URLs separated by commas"
            uploadLabel="Upload a gallery image"
            onUploaded={(url) => form.setFieldValue('galleryImages', [form.values.galleryImages.trim(), url].filter(Boolean).join(', '))}
            {...form.getInputProps('galleryImages')}
          />
          <Group>
            <Checkbox
              label="In stock"
              disabled={hasVariants}
              description={hasVariants ? 'From the variants' : undefined}
              {...form.getInputProps('inStock', { type: 'checkbox' })}
            />
            <Checkbox label="Featured" {...form.getInputProps('featured', { type: 'checkbox' })} />
          </Group>
          {!product && (
            <Text size="sm" c="dimmed">
              Options and variants (such as Wood or Size, each with its own price and stock) are added once the product exists: create it,
              then choose Edit.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : product ? 'Update Product' : 'Create Product'}
            </Button>
          </Group>
        </Stack>
      </form>
      {product && (
        <>
          <Divider my="lg" />
          <VariantsSection
            product={product}
            defaults={() => ({ price: form.getValues().price, weight: form.getValues().weight })}
            onSaved={variantsSaved}
          />
        </>
      )}
    </>
  );
}
