/**
 * The console's view of a user row (docs/console.md, 用户): the columns read for the list and the
 * detail, and the row as answered (phone masked, a lock shown only while it holds).
 */
import { maskPhone, type AdminUserRow } from '@eav/contract';
import { users } from '../../../db/schema';
import type { UserRow } from '../service';

/** Columns of `users` the list, the export and the detail read. */
export const userColumns = {
  id: users.id,
  userName: users.userName,
  phone: users.phone,
  realName: users.realName,
  identity: users.identity,
  roles: users.roles,
  status: users.status,
  lockedUntil: users.lockedUntil,
  createdAt: users.createdAt,
};

/** A user as the console's tables show it; `now` decides whether a lock still holds (ms). */
export function rowOf(
  u: Pick<
    UserRow,
    'id' | 'userName' | 'phone' | 'realName' | 'identity' | 'roles' | 'status' | 'lockedUntil' | 'createdAt'
  >,
  now: number,
): AdminUserRow {
  return {
    userId: u.id,
    userName: u.userName,
    phone: u.phone ? maskPhone(u.phone) : null,
    realName: u.realName,
    identity: u.identity,
    roles: u.roles,
    status: u.status,
    lockedUntil: u.lockedUntil && u.lockedUntil.getTime() > now ? u.lockedUntil.toISOString() : null,
    createdAt: u.createdAt.toISOString(),
  };
}
