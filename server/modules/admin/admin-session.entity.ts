import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// The server side of an admin session (D16): the signed cookie only names a row here, so logout can end it.
export const AdminSession = defineEntity({
  name: 'AdminSession',
  tableName: 'admin_session',
  properties: {
    id: p.string().length(64).primary(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    revokedAt: p.datetime().nullable(),
  },
});

// Small key/value settings the server keeps for itself, e.g. the generated admin password's hash (D15).
export const ServerSetting = defineEntity({
  name: 'ServerSetting',
  tableName: 'server_setting',
  properties: {
    key: p.string().length(100).primary(),
    value: p.text(),
  },
});

export type IAdminSession = InferEntity<typeof AdminSession>;
