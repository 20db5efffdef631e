// The AMP4EMAIL rule data (rules.generated.json, made by scripts/amp-rules.ts from the official
// validator's rule files of ampproject/amphtml) compiled once into lookups the validator and the
// repair loop use: tag specs by tag name, each with its full attribute table (own attributes,
// named attribute lists, the global list and, for AMP layout tags, the layout attributes) and
// its regular expressions built once.
import rulesJson from "./rules.generated.json";

export interface AttrSpec {
  name: string;
  alternativeNames?: string[];
  mandatory?: boolean;
  value?: string[];
  valueCasei?: string[];
  valueRegex?: string;
  valueRegexCasei?: string;
  disallowedValueRegex?: string;
  valueUrl?: { protocols?: string[]; allowRelative?: boolean; allowEmpty?: boolean };
  valueDocCss?: boolean;
  valueOneofSet?: string;
  addValueToSet?: string;
  dispatchKey?: string;
  implicit?: boolean;
  requiresExtension?: string[];
  deprecation?: string;
  trigger?: { ifValueRegex?: string; alsoRequiresAttr?: string[] };
}

export interface TagSpec {
  tagName: string;
  specName: string;
  descriptiveName?: string;
  mandatory?: boolean;
  unique?: boolean;
  mandatoryParent?: string;
  mandatoryAncestor?: string;
  disallowedAncestor?: string[];
  requiresExtension?: string[];
  attrs?: AttrSpec[];
  attrLists?: string[];
  explicitAttrsOnly?: boolean;
  childTags?: { mandatoryNumChildTags?: number; childTagNameOneof?: string[]; firstChildTagNameOneof?: string[] };
  descendantTagList?: string;
  referencePoints?: string[];
  ampLayout?: { supportedLayouts?: string[]; definesDefaultWidth?: boolean; definesDefaultHeight?: boolean };
  cdata?: {
    maxBytes?: number;
    cdataRegex?: string;
    disallowedCdataRegex?: { regex: string; message?: string }[];
    docCssBytes?: boolean;
    cssSpec?: {
      atRules?: { name: string; mediaQuery?: { issuesAsError: boolean; types: string[]; features: string[] } }[];
      selector?: { attributeNames: string[]; pseudoClasses: string[]; pseudoElements: string[] };
    };
  };
  extensionSpec?: { name: string; versions: string[]; deprecatedVersions?: string[]; type: string; requiresUsage?: string };
  deprecation?: string;
  enabledBy?: string[];
  disabledBy?: string[];
}

export interface DeclarationSpec {
  name: string;
  valueCasei?: string[];
  valueRegexCasei?: string;
}

export interface DocCssSpec {
  strict: boolean;
  maxBytes: number;
  maxBytesIsWarning: boolean;
  maxBytesPerInlineStyle: number;
  allowAllDeclarationInStyleTag: boolean;
  allowImportant: boolean;
  imageUrlProtocols: string[];
  declarationLists: string[];
}

interface Rules {
  source: { repository: string; revision: string; cssRevision: string; files: string[]; format: string };
  maxDocumentBytes: number;
  tags: TagSpec[];
  attrLists: Record<string, AttrSpec[]>;
  descendantTagLists: Record<string, string[]>;
  declarationLists: Record<string, DeclarationSpec[]>;
  css: DocCssSpec[];
}

const RULES = rulesJson as unknown as Rules;

export const RULES_SOURCE = RULES.source;
export const MAX_DOCUMENT_BYTES = RULES.maxDocumentBytes;

/** A JS RegExp for a rule-file regex (RE2 syntax; the few that need it get the `u` flag). */
function compile(source: string, flags = ""): RegExp {
  try {
    return new RegExp(source, flags);
  } catch {
    return new RegExp(source, `${flags}u`);
  }
}

export interface CompiledAttr {
  spec: AttrSpec;
  valueRegex?: RegExp;
  disallowed?: RegExp;
  triggerIf?: RegExp;
}

export interface CompiledTag {
  spec: TagSpec;
  attrs: Map<string, CompiledAttr>;
  mandatory: CompiledAttr[];
  /** Attribute whose presence (and value) picks this spec among several for one tag name. */
  dispatch: CompiledAttr | null;
  cdataRegex?: RegExp;
  disallowedCdata: { regex: RegExp; message: string }[];
}

function compileAttr(spec: AttrSpec): CompiledAttr {
  const out: CompiledAttr = { spec };
  if (spec.valueRegex !== undefined) out.valueRegex = compile(`^(?:${spec.valueRegex})$`);
  else if (spec.valueRegexCasei !== undefined) out.valueRegex = compile(`^(?:${spec.valueRegexCasei})$`, "i");
  if (spec.disallowedValueRegex !== undefined) out.disallowed = compile(spec.disallowedValueRegex);
  if (spec.trigger?.ifValueRegex !== undefined) out.triggerIf = compile(`^(?:${spec.trigger.ifValueRegex})$`);
  return out;
}

function compileTag(spec: TagSpec): CompiledTag {
  const attrs = new Map<string, CompiledAttr>();
  const add = (list: AttrSpec[] | undefined) => {
    for (const a of list ?? []) attrs.set(a.name, compileAttr(a));
  };
  if (!spec.explicitAttrsOnly) add(RULES.attrLists.$GLOBAL_ATTRS);
  if (spec.ampLayout) add(RULES.attrLists.$AMP_LAYOUT_ATTRS);
  for (const l of spec.attrLists ?? []) add(RULES.attrLists[l]);
  add(spec.attrs);
  for (const a of [...attrs.values()]) for (const alt of a.spec.alternativeNames ?? []) attrs.set(alt, a);
  const mandatory = [...new Set(attrs.values())].filter((a) => a.spec.mandatory);
  const dispatch = [...attrs.values()].find((a) => a.spec.dispatchKey) ?? null;
  return {
    spec,
    attrs,
    mandatory,
    dispatch,
    cdataRegex: spec.cdata?.cdataRegex !== undefined ? compile(`^(?:${spec.cdata.cdataRegex})$`) : undefined,
    disallowedCdata: (spec.cdata?.disallowedCdataRegex ?? []).map((d) => ({ regex: compile(d.regex), message: d.message ?? d.regex })),
  };
}

const BY_TAG = new Map<string, CompiledTag[]>();
for (const spec of RULES.tags) {
  const list = BY_TAG.get(spec.tagName) ?? [];
  list.push(compileTag(spec));
  BY_TAG.set(spec.tagName, list);
}

/** Whether a spec holds for a document with or without data-css-strict. */
function specApplies(spec: TagSpec, cssStrict: boolean): boolean {
  if ((spec.enabledBy ?? []).includes("data-css-strict") && !cssStrict) return false;
  if ((spec.disabledBy ?? []).includes("data-css-strict") && cssStrict) return false;
  return true;
}

/** The specs a tag name may match in email (empty: the tag is not allowed). */
export function tagSpecsFor(tagName: string, cssStrict: boolean): CompiledTag[] {
  return (BY_TAG.get(tagName) ?? []).filter((t) => specApplies(t.spec, cssStrict));
}

export function isAllowedTag(tagName: string): boolean {
  return BY_TAG.has(tagName);
}

/** Specs every valid email must contain. */
export function mandatoryTagSpecs(): TagSpec[] {
  return RULES.tags.filter((t) => t.mandatory);
}

/** The reference point specs (e.g. amp-selector options) a spec names, compiled. */
export function referencePointSpecs(spec: TagSpec): CompiledTag[] {
  let found = REFERENCE_POINTS.get(spec);
  if (!found)
    REFERENCE_POINTS.set(
      spec,
      (found = (spec.referencePoints ?? []).flatMap((name) =>
        (BY_TAG.get("$REFERENCE_POINT") ?? []).filter((t) => t.spec.specName === name),
      )),
    );
  return found;
}

/** Per spec, found once: the validator asks for every attribute no spec of its element allows. */
const REFERENCE_POINTS = new Map<TagSpec, CompiledTag[]>();

export interface ExtensionRule {
  name: string;
  attr: "custom-element" | "custom-template";
  versions: string[];
  deprecatedVersions: string[];
  /** Whether loading it without using it is worth a warning (the rule files exempt some). */
  usageRequired: boolean;
  spec: CompiledTag;
}

const EXTENSIONS = new Map<string, ExtensionRule>();
for (const t of BY_TAG.get("script") ?? []) {
  const e = t.spec.extensionSpec;
  if (!e) continue;
  EXTENSIONS.set(e.name, {
    name: e.name,
    attr: e.type === "CUSTOM_TEMPLATE" ? "custom-template" : "custom-element",
    versions: e.versions.filter((v) => v !== "latest"),
    deprecatedVersions: e.deprecatedVersions ?? [],
    usageRequired: e.requiresUsage === undefined,
    spec: t,
  });
}

/** The email rules for an extension script, or null when email does not allow it. */
export function extensionRule(name: string): ExtensionRule | null {
  return EXTENSIONS.get(name) ?? null;
}

/** The src of an extension script at its newest non-deprecated version. */
export function extensionScriptSrc(name: string): string {
  const rule = extensionRule(name);
  const current = rule?.versions.filter((v) => !rule.deprecatedVersions.includes(v)) ?? [];
  const version = current.length ? current[current.length - 1] : "0.1";
  return `https://cdn.ampproject.org/v0/${name}-${version}.js`;
}

export function docCssSpec(cssStrict: boolean): DocCssSpec {
  return RULES.css.find((c) => c.strict === cssStrict) ?? RULES.css[0];
}

export interface CompiledDeclaration {
  name: string;
  values?: Set<string>;
  regex?: RegExp;
}

const DECLARATIONS = new Map<boolean, Map<string, CompiledDeclaration>>();
/** The declarations allowed under the doc CSS rules (data-css-strict or not). */
export function allowedDeclarations(cssStrict: boolean): Map<string, CompiledDeclaration> {
  let map = DECLARATIONS.get(cssStrict);
  if (!map) {
    map = new Map();
    for (const list of docCssSpec(cssStrict).declarationLists) {
      for (const d of RULES.declarationLists[list] ?? []) {
        map.set(d.name, {
          name: d.name,
          values: d.valueCasei ? new Set(d.valueCasei.map((v) => v.toLowerCase())) : undefined,
          regex: d.valueRegexCasei !== undefined ? compile(`^(?:${d.valueRegexCasei})$`, "i") : undefined,
        });
      }
    }
    DECLARATIONS.set(cssStrict, map);
  }
  return map;
}

/** The css_spec of <style amp-custom> under the doc CSS mode. */
export function styleAmpCustomSpec(cssStrict: boolean): CompiledTag | undefined {
  return tagSpecsFor("style", cssStrict).find((t) => t.attrs.get("amp-custom")?.spec.mandatory);
}

export function boilerplateSpec(): CompiledTag | undefined {
  return (BY_TAG.get("style") ?? []).find((t) => t.attrs.has("amp4email-boilerplate"));
}

export function descendantTagList(name: string): string[] {
  return RULES.descendantTagLists[name] ?? [];
}
