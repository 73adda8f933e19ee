import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { editStamps, ownerReference, serialId, timestamptz } from './columns.ts';

/**
 * Spec 3's User. `password` holds an argon2id PHC string, which carries its own salt, so the
 * spec's separate `salt` column has no job here; bearer tokens live in `sessions`, not on the user
 * (see docs/decisions/0002-passwords-and-sessions.md).
 */
export const users = pgTable(
  'users',
  {
    id: serialId(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    password: text('password').notNull(),
    realName: varchar('real_name', { length: 64 }),
    nickName: varchar('nick_name', { length: 64 }),
    avatar: text('avatar'),
    qrCode: text('qr_code'),
    birthday: date('birthday'),
    sex: varchar('sex', { length: 16 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 128 }),
    nation: varchar('nation', { length: 64 }),
    country: varchar('country', { length: 64 }),
    area: varchar('area', { length: 128 }),
    address: varchar('address', { length: 256 }),
    /** AES-256-GCM ciphertext; never the plain number. */
    idNo: text('id_no'),
    /** Keyed hash of the plain number, for exact search. */
    idNoHash: varchar('id_no_hash', { length: 64 }),
    idFrontPic: text('id_front_pic'),
    idBackPic: text('id_back_pic'),
    /** AES-256-GCM ciphertext; never the plain number. */
    cardNo: text('card_no'),
    cardPic: text('card_pic'),
    bankName: varchar('bank_name', { length: 128 }),
    politics: varchar('politics', { length: 32 }),
    cultureLevel: varchar('culture_level', { length: 32 }),
    certification: varchar('certification', { length: 16 }).notNull().default('new'),
    introduction: varchar('introduction', { length: 200 }),
    /** Social info (settings' social tab), each optional: WeChat ID, QQ, DingTalk ID, WeCom account, website. */
    wechat: varchar('wechat', { length: 20 }),
    qq: varchar('qq', { length: 11 }),
    dingtalk: varchar('dingtalk', { length: 64 }),
    wecom: varchar('wecom', { length: 64 }),
    website: varchar('website', { length: 200 }),
    enabled: varchar('enabled', { length: 16 }).notNull().default('enable'),
    isAgent: boolean('is_agent').notNull().default(false),
    agentId: integer('agent_id').references(() => agents.id),
    proId: integer('pro_id'),
    orgId: integer('org_id'),
    departId: integer('depart_id'),
    jobId: integer('job_id'),
    roleId: integer('role_id'),
    role: varchar('role', { length: 16 }).notNull().default('user'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Set while the password is a one-time one an admin issued (reset, or creation without a password): it
     * logs in until then, once; the login moves it to now, so it is spent (docs/decisions/0012).
     */
    passwordExpiresAt: timestamptz('password_expires_at'),
    ...editStamps(),
  },
  (t) => [
    // Account names are unique regardless of case (`aDmIn` beside `admin` would be a lookalike); login
    // matches the same way (docs/decisions/0009-account-names-ignore-case.md).
    uniqueIndex('users_user_name_lower_unique').on(sql`lower(${t.userName})`),
    index('users_agent_idx').on(t.agentId),
    index('users_id_no_hash_idx').on(t.idNoHash),
    index('users_created_idx').on(t.createdAt),
    // "Contains" search (ILIKE '%…%') on account and real name; pg_trgm.
    index('users_user_name_trgm_idx').using('gin', t.userName.op('gin_trgm_ops')),
    index('users_real_name_trgm_idx').using('gin', t.realName.op('gin_trgm_ops')),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * The first columns of a user's own rows (its notifications, security codes, certification): their id,
 * and the user, deleting them with it.
 */
export const userRowColumns = () => ({
  id: serialId(),
  userId: ownerReference('user_id', () => users.id),
});
