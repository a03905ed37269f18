import { z } from 'zod';
import { idInput } from '../../domain/ids';
import { AppError } from '../../trpc/errors';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { askedPage, optionalPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { successOutput } from '../../contract/wire-schemas';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  loadDelivery,
  loadEndpoint,
  rotateSecret,
  updateEndpoint,
} from './webhook-endpoints';
import {
  createEndpointInput,
  createdEndpointOutput,
  deliveriesInput,
  deliveryOutput,
  deliveryPage,
  endpointId,
  endpointOutput,
  rotateSecretInput,
  secretOutput,
  toDeliveryDto,
  toEndpointDto,
  toSecretDto,
  updateEndpointInput,
} from './webhook.schema';
import { endpointRules } from './endpoint-url';

const openapi = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: `/${string}`, summary: string) => ({
  openapi: { method, path, tags: ['admin', 'webhooks'], summary, protect: true },
});

// The owner's webhooks: endpoints that hear of new orders, status changes and messages, and what was sent to them.
export const webhooksAdminRouter = router({
  endpoints: adminProcedure
    .meta(
      openapi(
        'GET',
        '/webhook-endpoints',
        'Webhook endpoints, oldest first; their secrets are read one at a time (all, or a page when page or pageSize is given)',
      ),
    )
    .concat(withInput(optionalPagingInput.optional()))
    .concat(withOutput(z.array(endpointOutput)))
    .query(async ({ ctx, input }) => {
      const paging = askedPage(input);
      const [endpoints, total] = await listEndpoints(ctx.em, paging && pageWindow(paging));
      if (paging) sendPagingHeaders(ctx, paging, total);
      return endpoints.map(toEndpointDto);
    }),

  create: adminProcedure
    .meta(openapi('POST', '/webhook-endpoints', 'Add a webhook endpoint; the answer carries its signing secret'))
    .concat(withInput(createEndpointInput))
    .concat(withOutput(createdEndpointOutput))
    .mutation(async ({ ctx, input }) => {
      const endpoint = await createEndpoint(ctx.em, input, endpointRules(ctx.config));
      return { ...toEndpointDto(endpoint), secret: endpoint.secret };
    }),

  update: adminProcedure
    .meta(openapi('PATCH', '/webhook-endpoints/{id}', "Change an endpoint's URL, events, or enable or disable it"))
    .concat(withInput(updateEndpointInput))
    .concat(withOutput(endpointOutput))
    .mutation(async ({ ctx, input }) => toEndpointDto(await updateEndpoint(ctx.em, input, endpointRules(ctx.config)))),

  delete: adminProcedure
    .meta(openapi('DELETE', '/webhook-endpoints/{id}', 'Delete an endpoint and its deliveries'))
    .concat(withInput(endpointId))
    .concat(withOutput(successOutput))
    .mutation(async ({ ctx, input }) => {
      await deleteEndpoint(ctx.em, input.id);
      return { success: true as const };
    }),

  secret: adminProcedure
    .meta(openapi('GET', '/webhook-endpoints/{id}/secret', "An endpoint's signing secret (not to a read-only API token)"))
    .concat(withInput(endpointId))
    .concat(withOutput(secretOutput))
    .query(async ({ ctx, input }) => {
      // Whoever holds the secret can forge deliveries to the integrator: reading it is as strong as a write.
      if (ctx.administrator.token?.scope === 'read-only') {
        throw new AppError('FORBIDDEN', 'A read-only API token cannot read signing secrets: use a read-write token, or sign in');
      }
      return toSecretDto(await loadEndpoint(ctx.em, input.id));
    }),

  rotateSecret: adminProcedure
    .meta(openapi('POST', '/webhook-endpoints/{id}/rotate-secret', 'A new signing secret; the old one also signs for keepOldSecretHours'))
    .concat(withInput(rotateSecretInput))
    .concat(withOutput(secretOutput))
    .mutation(async ({ ctx, input }) => toSecretDto(await rotateSecret(ctx.em, input.id, input.keepOldSecretHours))),

  deliveries: adminProcedure
    .meta(openapi('GET', '/webhook-deliveries', 'Webhook deliveries, newest first, of one endpoint or all'))
    .concat(withInput(deliveriesInput))
    .concat(withOutput(deliveryPage))
    .query(async ({ ctx, input }) => {
      const [rows, total] = await listDeliveries(ctx.em, input);
      return { deliveries: rows.map(toDeliveryDto), total, page: input.page, pageSize: input.pageSize };
    }),

  resend: adminProcedure
    .meta(openapi('POST', '/webhook-deliveries/{id}/resend', 'Send a delivery again now: the same event, the same id'))
    .concat(withInput(z.object({ id: idInput.shape.id.describe('The delivery id') })))
    .concat(withOutput(deliveryOutput))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.webhooks.resend(ctx.em, input.id);
      return toDeliveryDto(await loadDelivery(ctx.em, input.id));
    }),
});
