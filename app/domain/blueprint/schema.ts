import { z } from "zod";
import { HEX_COLOR } from "./color";
import { phrasesFor } from "../copy/phrases";
import { currencyMinorDigits } from "./currency";
import { LAYOUTS } from "./layouts";
import { KNOWN_PLACEHOLDERS } from "~/domain/html/placeholders";

export const TECHNIQUES = ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart"] as const;
export const TechniqueSchema = z.enum(TECHNIQUES);
export type Technique = z.infer<typeof TechniqueSchema>;

const text = (max: number) => z.string().trim().min(1).max(max);
const optText = (max: number) => z.string().trim().max(max).optional();

const PLACEHOLDER_PREFIX = new RegExp(`^\\{\\{(?:${KNOWN_PLACEHOLDERS.join("|")})\\}\\}`);

/** Link targets: web, mail, phone, or a known placeholder (resolved at send time). Never `javascript:`. */
export const LinkUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^(?:https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+|tel:[+0-9 ()-]+)$/i.test(u) || PLACEHOLDER_PREFIX.test(u), {
    message: "URL must be http(s), mailto:, tel: or start with a known {{PLACEHOLDER}}",
  });

export const ImageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^https:\/\/[^\s"<>]+$/i.test(u), { message: "Image src must be an https URL" });

export const ColorSchema = z.string().regex(HEX_COLOR, "Colour must be #rgb or #rrggbb");

/** A CSS font stack with at least one fallback; quotes and other punctuation are refused so it can sit in a style attribute. */
export const FontStackSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[A-Za-z0-9 ,'-]+$/, "Font stack may hold letters, digits, spaces, commas, hyphens and single quotes")
  .refine((s) => s.split(",").filter((p) => p.trim()).length >= 2, { message: "Font stack needs a fallback" });

export const ColorsSchema = z.object({
  background: ColorSchema,
  surface: ColorSchema,
  text: ColorSchema,
  mutedText: ColorSchema,
  primary: ColorSchema,
  onPrimary: ColorSchema,
  accent: ColorSchema,
  border: ColorSchema,
  link: ColorSchema,
});

const weight = z.number().int().min(100).max(900);

export const TypographySchema = z.object({
  fontFamily: FontStackSchema,
  headingFontFamily: FontStackSchema,
  baseSize: z.number().int().min(14).max(22),
  lineHeight: z.number().min(1.2).max(2),
  headingSizes: z.object({
    h1: z.number().int().min(20).max(56),
    h2: z.number().int().min(16).max(40),
    h3: z.number().int().min(14).max(32),
  }),
  weights: z.object({ body: weight, bold: weight, heading: weight }),
});

export const SpacingSchema = z.object({
  unit: z.number().int().min(4).max(16),
  sectionPadding: z.number().int().min(8).max(64),
  containerWidth: z.number().int().min(480).max(640),
});

export const ButtonsSchema = z.object({
  radius: z.number().int().min(0).max(999),
  // 12px vertical padding around the 20px button line gives the 44px tap target.
  paddingY: z.number().int().min(12).max(24),
  paddingX: z.number().int().min(12).max(56),
  style: z.enum(["solid", "outline"]),
});

export const DesignSchema = z.object({
  colors: ColorsSchema,
  typography: TypographySchema,
  spacing: SpacingSchema,
  buttons: ButtonsSchema,
});

/** Caller-supplied brand tokens (`designTokens`, docs/api/generation.md): any subset, merged over a style theory field by field. */
export const DesignTokensSchema = z.object({
  colors: ColorsSchema.partial().optional(),
  typography: TypographySchema.extend({
    headingSizes: TypographySchema.shape.headingSizes.partial(),
    weights: TypographySchema.shape.weights.partial(),
  })
    .partial()
    .optional(),
  spacing: SpacingSchema.partial().optional(),
  buttons: ButtonsSchema.partial().optional(),
});

export const LinkSchema = z.object({ label: text(80), url: LinkUrlSchema });

/** A menu entry: a link, or its label alone when neither the copy nor the brief gives it a destination. */
export const MenuEntrySchema = z.object({ label: text(80), url: LinkUrlSchema.optional() });

export const ImageSchema = z.object({
  src: ImageUrlSchema,
  alt: z.string().trim().max(300),
  width: z.number().int().min(1).max(640),
  height: z.number().int().min(1).max(2000),
  /** Where a click on the image leads: the destination of the section's button or of the item it shows, never a new one. */
  href: LinkUrlSchema.optional(),
});

/** The brand's logo in the masthead: display size in px (a 2× file shown at this size stays sharp). */
export const LogoSchema = z.object({
  src: ImageUrlSchema,
  alt: z.string().trim().max(300),
  width: z.number().int().min(1).max(400),
  height: z.number().int().min(1).max(200),
});

export const SectionSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "Section id: lower-case letters, digits and hyphens"),
  role: z.string().regex(/^[a-z][a-z0-9-]{0,29}$/, "Section role: a lower-case word such as hero, body, cta"),
  headline: optText(200),
  body: optText(4000),
  cta: LinkSchema.optional(),
  image: ImageSchema.optional(),
  /** Index into interactiveConfig.modules: the module renders at the end of this section. */
  moduleIndex: z.number().int().min(0).max(1).optional(),
  /** A saved section: this HTML is placed verbatim and nothing else of the section is rendered. */
  lockedHtml: z.string().max(60_000).optional(),
});

const NsSchema = z.string().regex(/^k[a-z0-9]{1,6}$/, "Namespace: 'k' followed by 1–6 lower-case letters or digits (e.g. k1)");

const moduleBase = {
  ns: NsSchema.optional(),
  title: optText(120),
  intro: optText(600),
};

export const TabsModuleSchema = z.object({
  technique: z.literal("tabs"),
  ...moduleBase,
  items: z
    .array(
      z.object({ label: text(40), headline: optText(200), body: text(2000), cta: LinkSchema.optional(), image: ImageSchema.optional() }),
    )
    .min(2)
    .max(5),
});

export const AccordionModuleSchema = z.object({
  technique: z.literal("accordion"),
  ...moduleBase,
  items: z
    .array(z.object({ label: text(160), body: text(2000), cta: LinkSchema.optional() }))
    .min(2)
    .max(8),
});

export const CarouselModuleSchema = z.object({
  technique: z.literal("carousel"),
  ...moduleBase,
  items: z
    .array(
      z.object({ label: optText(40), headline: text(200), body: optText(1000), image: ImageSchema.optional(), cta: LinkSchema.optional() }),
    )
    .min(2)
    .max(6),
});

function isZeroToTen(labels: string[]): boolean {
  return labels.length === 11 && labels.every((l, i) => l.trim() === String(i));
}

export const SurveyModuleSchema = z.object({
  technique: z.literal("survey"),
  ...moduleBase,
  questions: z
    .array(
      z.object({
        question: text(200),
        // Up to five answers, or eleven for a 0–10 (Net Promoter) scale: "0" … "10".
        options: z
          .array(z.object({ label: text(60), url: LinkUrlSchema.optional() }))
          .min(2)
          .max(11)
          .refine((o) => o.length <= 5 || isZeroToTen(o.map((x) => x.label)), "at most 5 options, or the eleven of a 0–10 scale"),
      }),
    )
    .min(1)
    .max(5),
  thanks: z.object({ headline: text(120), body: optText(600), cta: LinkSchema.optional() }),
});

export const QuizModuleSchema = z.object({
  technique: z.literal("quiz"),
  ...moduleBase,
  questions: z
    .array(
      z.object({
        question: text(200),
        options: z.array(text(80)).min(2).max(4),
        answer: z.number().int().min(0),
        explanation: text(400),
      }),
    )
    .min(1)
    .max(5),
});

export const MenuModuleSchema = z.object({
  technique: z.literal("menu"),
  ...moduleBase,
  label: optText(30),
  items: z.array(MenuEntrySchema).min(2).max(8),
});

export const ItemCartModuleSchema = z.object({
  technique: z.literal("itemCart"),
  ...moduleBase,
  currency: z.string().regex(/^[A-Z]{3}$/, "ISO 4217 currency code"),
  items: z
    .array(
      z.object({
        label: text(80),
        description: optText(200),
        /** Whole minor units (cents), so CSS counters can add them; at least one major unit (checked below). */
        price: z.number().int().min(1).max(9_999_999),
        image: ImageSchema.optional(),
      }),
    )
    .min(2)
    .max(8),
  /** Absent when nothing gives the checkout a destination (the button is left out, never pointed at the email itself). */
  checkout: LinkSchema.optional(),
});

export const ModuleSchema = z.discriminatedUnion("technique", [
  TabsModuleSchema,
  AccordionModuleSchema,
  CarouselModuleSchema,
  SurveyModuleSchema,
  QuizModuleSchema,
  MenuModuleSchema,
  ItemCartModuleSchema,
]);

/** No module when the copy has nothing of the brief to show in one: the email says less rather than invent items. */
export const InteractiveConfigSchema = z.object({ modules: z.array(ModuleSchema).max(2) });

export const FooterSchema = z.object({
  address: text(300),
  /** Defaults to "Unsubscribe" in the email's language. */
  unsubscribeText: text(80).optional(),
  note: optText(600),
});

export const BlueprintSchema = z
  .object({
    subject: text(200),
    preheader: z.string().trim().max(300).default(""),
    /** The email's language: <html lang>, and the language of the fixed phrases (copy/phrases.ts) and prices. */
    lang: z
      .string()
      .regex(/^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/, "BCP 47 language tag")
      .default("en"),
    dir: z.enum(["ltr", "rtl"]).default("ltr"),
    brandName: text(80),
    /** The layout family (./layouts.ts); absent: chosen from the modules and the design when rendering. */
    layout: z.enum(LAYOUTS).optional(),
    logo: LogoSchema.optional(),
    technique: TechniqueSchema,
    design: DesignSchema,
    sections: z.array(SectionSchema).min(1).max(20),
    interactiveConfig: InteractiveConfigSchema,
    footer: FooterSchema,
  })
  .superRefine((bp, ctx) => {
    const modules = bp.interactiveConfig.modules;
    if (modules[0] && modules[0].technique !== bp.technique) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["technique"], message: "technique must equal the first module's technique" });
    }
    const nss = modules.map((m, i) => m.ns ?? `k${i + 1}`);
    if (new Set(nss).size !== nss.length) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["interactiveConfig", "modules"], message: "module namespaces must differ" });
    }
    const ids = new Set<string>();
    bp.sections.forEach((s, i) => {
      if (ids.has(s.id))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["sections", i, "id"], message: `duplicate section id ${s.id}` });
      ids.add(s.id);
      if (s.moduleIndex !== undefined && s.moduleIndex >= modules.length) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["sections", i, "moduleIndex"], message: "no such module" });
      }
    });
    modules.forEach((m, mi) => {
      if (m.technique === "itemCart") {
        // The cart total splits its counter into major and minor digits, which needs ≥ 1 major unit per price.
        const min = currencyMinorDigits(m.currency) === 2 ? 100 : 1;
        m.items.forEach((it, ii) => {
          if (it.price < min) {
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              path: ["interactiveConfig", "modules", mi, "items", ii, "price"],
              message: `price must be at least ${min} minor units`,
            });
          }
        });
      }
      if (m.technique !== "quiz") return;
      m.questions.forEach((q, qi) => {
        if (q.answer >= q.options.length) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ["interactiveConfig", "modules", mi, "questions", qi, "answer"],
            message: "answer must index an option",
          });
        }
      });
    });
  })
  // `lang` is the language of the email's fixed phrases; the unsubscribe link speaks it too.
  .transform((bp) => ({ ...bp, footer: { ...bp.footer, unsubscribeText: bp.footer.unsubscribeText ?? phrasesFor(bp.lang).unsubscribe } }));

export type Blueprint = z.infer<typeof BlueprintSchema>;
export type BlueprintInput = z.input<typeof BlueprintSchema>;
export type Design = z.infer<typeof DesignSchema>;
export type DesignTokens = z.infer<typeof DesignTokensSchema>;
export type Colors = z.infer<typeof ColorsSchema>;
export type Section = z.infer<typeof SectionSchema>;
export type Link = z.infer<typeof LinkSchema>;
export type MenuEntry = z.infer<typeof MenuEntrySchema>;
export type Image = z.infer<typeof ImageSchema>;
export type Logo = z.infer<typeof LogoSchema>;
export type Module = z.infer<typeof ModuleSchema>;
export type TabsModule = z.infer<typeof TabsModuleSchema>;
export type AccordionModule = z.infer<typeof AccordionModuleSchema>;
export type CarouselModule = z.infer<typeof CarouselModuleSchema>;
export type SurveyModule = z.infer<typeof SurveyModuleSchema>;
export type QuizModule = z.infer<typeof QuizModuleSchema>;
export type MenuModule = z.infer<typeof MenuModuleSchema>;
export type ItemCartModule = z.infer<typeof ItemCartModuleSchema>;

/** The namespace a module renders under: its own `ns`, else k1/k2 by position. */
export function moduleNs(module: Module, index: number): string {
  return module.ns ?? `k${index + 1}`;
}
