// The builder's history: one row per generation, regeneration, refine or restore a user made.
import { and, desc, eq } from "drizzle-orm";
import { emailVersions, userBrandProfiles } from "../../db/schema";
import type { InValue } from "@libsql/client";
import type { Db } from "~/lib/db.server";
import { settleChargeAfterStore, type ChargeSettlement } from "./credits.server";

export type EmailVersion = typeof emailVersions.$inferSelect;
export type NewEmailVersion = Omit<typeof emailVersions.$inferInsert, "createdAt">;
export type EmailVersionSummary = Pick<EmailVersion, "id" | "parentId" | "kind" | "prompt" | "subject" | "qaScore" | "createdAt">;

/** With `settle`, the pending charge of the generation the version holds is settled in the same transaction (ADR 032). */
export async function insertEmailVersion(db: Db, version: NewEmailVersion, settle?: ChargeSettlement): Promise<void> {
  const insert = db.insert(emailVersions).values(version);
  if (!settle) {
    await insert.run();
    return;
  }
  const { sql, params } = insert.toSQL();
  await db.$client.batch([{ sql, args: params as InValue[] }, ...settleChargeAfterStore(settle)], "write");
}

/** One of the user's versions (another user's id reads as missing). */
export async function findEmailVersion(db: Db, userId: string, id: string): Promise<EmailVersion | null> {
  return (
    (await db
      .select()
      .from(emailVersions)
      .where(and(eq(emailVersions.id, id), eq(emailVersions.userId, userId)))
      .get()) ?? null
  );
}

/** Newest first, without the large columns. */
export async function listEmailVersions(db: Db, userId: string, limit = 100, offset = 0): Promise<EmailVersionSummary[]> {
  return db
    .select({
      id: emailVersions.id,
      parentId: emailVersions.parentId,
      kind: emailVersions.kind,
      prompt: emailVersions.prompt,
      subject: emailVersions.subject,
      qaScore: emailVersions.qaScore,
      createdAt: emailVersions.createdAt,
    })
    .from(emailVersions)
    .where(eq(emailVersions.userId, userId))
    .orderBy(desc(emailVersions.createdAt), desc(emailVersions.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export type BrandProfile = { designTokens: Record<string, unknown>; styleTheory: string | null };

export async function findBrandProfile(db: Db, userId: string): Promise<BrandProfile | null> {
  const row = await db
    .select({ designTokens: userBrandProfiles.designTokens, styleTheory: userBrandProfiles.styleTheory })
    .from(userBrandProfiles)
    .where(eq(userBrandProfiles.userId, userId))
    .get();
  return row ?? null;
}

/** The tokens and style of the user's last brief, so the next email starts from them. */
export async function saveBrandProfile(db: Db, userId: string, profile: BrandProfile, now = new Date()): Promise<void> {
  await db
    .insert(userBrandProfiles)
    .values({ userId, designTokens: profile.designTokens, styleTheory: profile.styleTheory, updatedAt: now })
    .onConflictDoUpdate({
      target: userBrandProfiles.userId,
      set: { designTokens: profile.designTokens, styleTheory: profile.styleTheory, updatedAt: now },
    })
    .run();
}
