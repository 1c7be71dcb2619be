/**
 * @module The management API's users and invitations: what the console's
 * People page does, through the same rules
 * (`account-changes/people-management.ts`): list and search, read,
 * invite (the mail queued as the console queues it), change the role,
 * operator status or disabled state, remove, and the person actions
 * (resend the invitation, sign out everywhere, mail a password-reset
 * link). An organisation's token acts as its admin: its own people only,
 * operators read but never changed, and only the admin and marketer
 * roles given; an operator-wide token acts as an operator. Each change
 * is recorded in the audit log with the token as its actor.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import {
  changePerson,
  invitePerson,
  organisationRoleOf,
  type PeopleManager,
  PersonOutOfReach,
  personInReach,
  removePerson,
  resendPersonInvitation,
  sendPersonPasswordReset,
  signPersonOutEverywhere,
} from '../account-changes/people-management.js'
import type { LifecycleContext } from '../account-changes/signup.js'
import type { AccountEvents } from '../accounts/account-events.js'
import { accountState, passkeyHoldersAmong } from '../accounts/account-state.js'
import { newestUsers, userBySub } from '../accounts/users.js'
import type { Database, UserRow } from '../db/schema.js'
import { LOCALES } from '../i18n/locale.js'
import { requestLocale } from '../i18n/request-locale.js'
import { INVITABLE_ROLES } from '../../shared/invitable-roles.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ApiContext, type ApiVariables, Forbidden, NotFound, requireScope, workingOrganisation } from './bearer-token.js'
import { cursorOf, pageOf, pageQuery, pageSchema, positionOfCursor, ROW_ID } from './page-cursor.js'
import { InvalidFields } from './problem-details.js'

const ROLES = [...INVITABLE_ROLES, 'none'] as const
const ROLE_RULE = `role must be ${INVITABLE_ROLES.join(', ')} or none`

export const ManagedUserSchema = z
  .object({
    id: z.string().openapi({ example: 'ACC0123456789', description: "The account's code, its OpenID `sub`." }),
    email: z.string(),
    name: z.string(),
    role: z
      .enum(ROLES)
      .openapi({
        description: 'The role in its organisation: `admin`, `marketer` (edits ads), `developer` (clients and webhooks) or `none`.',
      }),
    operator: z.boolean().openapi({ description: 'An operator administers all of svc, every organisation included.' }),
    disabled: z.boolean().openapi({ description: 'A disabled account cannot sign in.' }),
    organisation: z.string().nullable().openapi({ example: 'ORG0123456789', description: "The organisation's code; null for none." }),
    state: z
      .enum(['active', 'invited', 'unconfirmed', 'disabled'])
      .openapi({ description: '`invited`: the invitation was not accepted yet; `unconfirmed`: signed up, the address not confirmed yet.' }),
    email_verified: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('ManagedUser')

export type ManagedUser = z.infer<typeof ManagedUserSchema>

const UserPageSchema = pageSchema(ManagedUserSchema, 'ManagedUserPage')

const organisationQuery = z.string().max(40).optional().openapi({
  description: "The organisation's code. Only an operator-wide token names one; an organisation's token works in its own.",
})

const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(40)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'ACC0123456789' }),
})

const InvitationBody = z
  .strictObject(
    {
      email: z.email({ error: 'email must be an e-mail address' }).max(254, 'email must be at most 254 characters'),
      name: z.string({ error: 'name must be text' }).max(200, 'name must be at most 200 characters').optional(),
      role: z.enum(INVITABLE_ROLES, { error: `role must be ${INVITABLE_ROLES.join(', ')}` }),
      language: z
        .enum(LOCALES, { error: `language must be one of ${LOCALES.join(', ')}` })
        .optional()
        .openapi({ description: "The mail's language and its pages'; the request's Accept-Language, else English, when absent." }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys[0]}` : undefined) },
  )
  .openapi('Invitation', { description: 'Whom to invite, and as what; the console People page’s Invite form.' })

// What a user read says back unchanged may be sent again: a load, change, save round trip works.
const READ_ONLY = ['id', 'email', 'name', 'organisation', 'state', 'email_verified', 'created_at'] as const

const UserChangesBody = z
  .strictObject(
    {
      role: z.enum(ROLES, { error: ROLE_RULE }).optional(),
      operator: z.boolean({ error: 'operator must be true or false' }).optional(),
      disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
      ...Object.fromEntries(READ_ONLY.map((field) => [field, ManagedUserSchema.shape[field].optional()])),
      updated_at: z.string().optional().openapi({ description: 'Ignored: it moves with every change.' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys[0]}` : undefined) },
  )
  .openapi('UserChanges', {
    description:
      'The fields to change: `role`, `operator`, `disabled`. The others of a user may be sent back as read, unchanged; a changed one is refused.',
  })

const userAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ManagedUserSchema } } })

export interface UsersRouteOptions {
  lifecycle: LifecycleContext
  events: AccountEvents
  now: () => Date
}

/**
 * Adds the users and invitations routes to the management API.
 *
 * @example
 * usersRoutes(api, db, { lifecycle, events, now })
 */
export function usersRoutes(
  api: OpenAPIHono<{ Variables: ApiVariables }>,
  db: Kysely<Database>,
  { lifecycle, events, now }: UsersRouteOptions,
): void {
  const read = requireScope(db, 'users:read', { now })
  const write = requireScope(db, 'users:write', { now })

  /** One user as the API gives it, its state asking the passkeys table when it needs to. */
  const managed = async (user: UserRow) => managedUser(user, await passkeyHoldersAmong(db, [user]))

  /** The token as the People rules see a manager: an organisation's admin, or an operator. */
  const managerOf = (c: ApiContext): PeopleManager => {
    const { organisation, actor } = c.get('caller')
    return { operator: organisation === null, organisation: organisation?.code, actor }
  }

  /** The person a change may be made to; another organisation's, or one that is gone, is 404 here. */
  async function personToChange(c: ApiContext, id: string): Promise<UserRow> {
    try {
      return await personInReach(db, managerOf(c), id)
    } catch (error) {
      if (error instanceof PersonOutOfReach && error.reason !== 'operator') throw new NotFound(`no user ${id} in this token's organisation`)
      if (error instanceof PersonOutOfReach) throw new Forbidden(`${id} is an operator: only an operator-wide token changes an operator`)
      throw error
    }
  }

  /** The person to read: an organisation's token reads all its people, operators among them. */
  async function personToRead(c: ApiContext, id: string): Promise<UserRow> {
    const person = await userBySub(db, id)
    const own = c.get('caller').organisation
    if (!person || (own && person.svc_app !== own.code)) throw new NotFound(`no user ${id} in this token's organisation`)
    return person
  }

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/users`,
      tags: ['Users'],
      summary: "List the organisation's people, newest first",
      description:
        'Scope `users:read`. `q` finds a text in the name or e-mail address, ignoring case. An operator-wide token lists everyone unless it names an `organisation`. A page at a time, as the ads list.',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: {
        query: z.object({
          q: z
            .string()
            .max(200, 'q must be at most 200 characters')
            .optional()
            .openapi({ description: 'Text to find in the name or e-mail address.' }),
          ...pageQuery,
          organisation: organisationQuery,
        }),
      },
      responses: {
        200: { description: 'A page of people.', content: { 'application/json': { schema: UserPageSchema } } },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { q, limit, cursor, organisation: asked } = c.req.valid('query')
      const own = c.get('caller').organisation
      const organisation = own || asked !== undefined ? await workingOrganisation(db, c, asked) : undefined
      const rows = await newestUsers(db, {
        ...(organisation ? { organisation: organisation.code } : {}),
        ...(q !== undefined ? { text: q } : {}),
        ...(cursor !== undefined ? { beforeId: Number(positionOfCursor('users', cursor, ROW_ID)) } : {}),
        limit: limit + 1,
      })
      const { page, next } = pageOf(c, rows, limit, (row) => cursorOf('users', String(row.id)))
      const holders = await passkeyHoldersAmong(db, page)
      return c.json({ data: page.map((user) => managedUser(user, holders)), next_cursor: next }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/invitations`,
      tags: ['Users'],
      summary: 'Invite someone',
      description:
        "Scope `users:write`. Makes the account and mails the invitation, as the console's People page does; the link opens a page where they choose a password. An organisation's token gives `admin` or `marketer`; only an operator-wide token makes a `developer`. Answers 201 with the user (state `invited`).",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: {
        query: z.object({ organisation: organisationQuery }),
        body: { required: true, content: { 'application/json': { schema: InvitationBody } } },
      },
      responses: {
        201: {
          ...userAnswer('The invited user.'),
          headers: { Location: { schema: { type: 'string' }, description: "The user's address." } },
        },
        ...problemResponses(400, 401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const organisation = await workingOrganisation(db, c, c.req.valid('query').organisation)
      const { email, name, role, language } = c.req.valid('json')
      const { user } = await invitePerson(lifecycle, managerOf(c), {
        email,
        name,
        role,
        organisation: organisation.code,
        locale: language ?? requestLocale(c),
      })
      return c.json(await managed(user), 201, { Location: `${API_BASE}/users/${user.sub}` })
    },
  )

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/users/{id}`,
      tags: ['Users'],
      summary: 'Read a user',
      description: 'Scope `users:read`.',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: userAnswer('The user.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => c.json(await managed(await personToRead(c, c.req.valid('param').id)), 200),
  )

  api.openapi(
    createRoute({
      method: 'patch',
      path: `${API_BASE}/users/{id}`,
      tags: ['Users'],
      summary: "Change a user's role, operator status or disabled state",
      description:
        "Scope `users:write`. `role` as the People page gives it (an organisation's token: `admin`, `marketer` or `none`; the role held may be sent back); `operator` only with an operator-wide token; `disabled: true` ends the user's sessions and tokens at once. The last operator who can sign in is never unmade or disabled (409).",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam, body: { required: true, content: { 'application/json': { schema: UserChangesBody } } } },
      responses: { 200: userAnswer('The user as changed.'), ...problemResponses(400, 401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const person = await personToChange(c, c.req.valid('param').id)
      const changes = c.req.valid('json')
      const was = await managed(person)
      refuseReadOnlyChanges(changes, was)
      const manager = managerOf(c)
      const differs = <K extends 'role' | 'operator' | 'disabled'>(key: K) => (changes[key] !== was[key] ? changes[key] : undefined)
      // Only what differs is changed, so a user sent back as read changes nothing and records nothing; the steps commit as one.
      const after = await changePerson(
        db,
        events,
        manager,
        person,
        { role: differs('role'), operator: differs('operator'), disabled: differs('disabled') },
        now(),
      )
      return c.json(await managed(after), 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'delete',
      path: `${API_BASE}/users/{id}`,
      tags: ['Users'],
      summary: 'Remove a user',
      description:
        'Scope `users:write`. The account goes with its sessions, consents and tokens; the clients it used are told (`account.deleted`). The last operator who can sign in is never removed (409).',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Removed.' }, ...problemResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await removePerson(db, events, managerOf(c), await personToChange(c, c.req.valid('param').id))
      return c.body(null, 204)
    },
  )

  const mails = [
    {
      path: 'invitation',
      summary: 'Send the invitation again',
      description:
        'A fresh invitation mail; the links mailed before stop working. Only for a user whose invitation is open (409 otherwise).',
      act: (c: ApiContext, person: UserRow) => resendPersonInvitation(lifecycle, managerOf(c), person, requestLocale(c)),
    },
    {
      path: 'password-reset',
      summary: 'Mail a password-reset link',
      description: 'Not to a disabled account nor to one whose invitation is open (409).',
      act: (c: ApiContext, person: UserRow) => sendPersonPasswordReset(lifecycle, managerOf(c), person, requestLocale(c)),
    },
  ] as const
  for (const { path, summary, description, act } of mails) {
    api.openapi(
      createRoute({
        method: 'post',
        path: `${API_BASE}/users/{id}/${path}`,
        tags: ['Users'],
        summary,
        description: `Scope \`users:write\`. ${description} Answers 202: the mail is queued (svc's mail outbox sends it).`,
        security: [{ managementToken: [] }],
        middleware: [write] as const,
        request: { params: idParam },
        responses: { 202: userAnswer('The user; the mail is queued.'), ...problemResponses(401, 403, 404, 409) },
      }),
      async (c) => {
        const person = await personToChange(c, c.req.valid('param').id)
        await act(c, person)
        return c.json(await managed(person), 202)
      },
    )
  }

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/users/{id}/sign-out`,
      tags: ['Users'],
      summary: 'Sign out everywhere',
      description: "Scope `users:write`. Ends every session of the user and revokes their clients' tokens, from the next request on.",
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 200: userAnswer('The user.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const person = await personToChange(c, c.req.valid('param').id)
      await signPersonOutEverywhere(db, events, managerOf(c), person, now())
      return c.json(await managed(person), 200)
    },
  )
}

/** Refuses a read-only field sent with another value than the user has: it cannot be changed here. */
function refuseReadOnlyChanges(changes: Record<string, unknown>, user: ManagedUser): void {
  const changed = READ_ONLY.filter((field) => changes[field] !== undefined && changes[field] !== user[field])
  if (changed.length > 0)
    throw new InvalidFields(
      422,
      `the body changes ${changed.join(', ')}, which cannot be changed here`,
      changed.map((field) => ({ pointer: `#/${field}`, detail: `${field} cannot be changed here; send it as read, or leave it out` })),
    )
}

/**
 * A stored account as the management API gives it; `passkeyHolders` as
 * `passkeyHoldersAmong` finds them, for its state.
 *
 * @example
 * managedUser(row, holders).role // 'marketer'
 */
export function managedUser(user: UserRow, passkeyHolders: ReadonlySet<number>): ManagedUser {
  return {
    id: user.sub,
    email: user.email,
    name: user.name,
    role: organisationRoleOf(user),
    operator: user.svc_master === 1,
    disabled: user.disabled_at !== null,
    organisation: user.svc_app,
    state: accountState(user, passkeyHolders),
    email_verified: user.email_verified === 1,
    created_at: user.created_at,
    updated_at: user.updated_at,
  }
}
