// The near-duplicate index (ADR 0113): each icon's keys and solid/touched planes (icon_prints), and
// the near pairs found with them (icon_near_links), kept up to date icon by icon
// (server/domain/duplicates/near-index.ts). Derived rows nobody syncs; they go with their icons.
import { sql } from 'drizzle-orm'
import { bigint, customType, index, pgSequence, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { icons } from './vault.ts'

/** One plane of a fingerprint (32×32 pixels) as a bit string, for bit_count in SQL. */
const plane = customType<{ data: string; driverData: string }>({ dataType: () => 'bit(1024)' })

/** The order prints were written in, project by project (see icon_prints.seq). */
export const iconPrintsSeq = pgSequence('icon_prints_seq')

export const iconPrints = pgTable(
  'icon_prints',
  {
    icon_id: uuid('icon_id')
      .primaryKey()
      .references(() => icons.id, { onDelete: 'cascade' }),
    /** The project and drawing these keys were made for (the icon's own may have moved on since). */
    project_id: uuid('project_id').notNull(),
    drawing_hash: text('drawing_hash').notNull(),
    /** Index keys (common/near-keys.ts, salted with the project); empty for a drawing never drawn. */
    near_keys: bigint('near_keys', { mode: 'number' }).array().notNull(),
    solid: plane('solid'),
    touched: plane('touched'),
    /**
     * Taken anew on every write of the print. A project's prints are written under its index lock,
     * so a lookup made before a create's transaction knows which prints it could not see: those
     * above the greatest it saw (near-early.ts).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('icon_prints_seq')`),
  },
  (t) => [
    index('icon_prints_near_keys_idx').using('gin', t.near_keys).with({ fastupdate: false }),
    index('icon_prints_project_id_seq_idx').on(t.project_id, t.seq),
    // Prints whose keys an older scheme made, emptied by a migration, to be keyed again at start
    // (server/domain/duplicates/rekey-prints.ts): empty once that is done.
    index('icon_prints_rekey_idx').on(t.icon_id).where(sql`${t.near_keys} = '{}' and ${t.solid} is not null`),
  ],
)

export const iconNearLinks = pgTable(
  'icon_near_links',
  {
    project_id: uuid('project_id').notNull(),
    /** The two icons, the lesser id first: near each other, drawn differently. */
    icon_id: uuid('icon_id')
      .notNull()
      .references(() => icons.id, { onDelete: 'cascade' }),
    other_id: uuid('other_id')
      .notNull()
      .references(() => icons.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.icon_id, t.other_id] }),
    index('icon_near_links_other_id_idx').on(t.other_id),
    index('icon_near_links_project_id_idx').on(t.project_id),
  ],
)
