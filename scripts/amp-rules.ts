// npm run amp:rules [-- --source DIR --revision SHA] [--check]
// Turns the official AMP validator's rule files (ampproject/amphtml: validator-main.protoascii, the
// extensions' validator-*.protoascii and the AMP4EMAIL parts of validator-css.protoascii) into
// app/domain/amp/rules.generated.json: the AMP4EMAIL tag specs, attribute lists, CSS rules and
// limits, with the source revision. The built-in validator interprets that file (docs/amp.md).
// By default it reads the copies committed under scripts/amp-rules/; --source points at a newer
// amphtml checkout (its validator/ and extensions/*/validator-*.protoascii), --revision names it.
// --check regenerates in memory and exits 1 when the committed file differs.
import fs from "node:fs";
import path from "node:path";
import { fail, parseArgs, runCli, stringFlag } from "./lib/args";
import { parseTextProto, type ProtoMessage, type ProtoValue } from "./lib/textproto";

const USAGE = "usage: npm run amp:rules [-- --source AMPHTML_DIR --revision SHA] [--check]";
const OUT = "app/domain/amp/rules.generated.json";
const COMMITTED = "scripts/amp-rules";
const COMMITTED_REVISION = "4e4d50186e2ec8dd33e9ce46e8386a6c4639bd02";
const CSS_FILE = "validator-css.email.protoascii";
const CSS_REVISION = "0009af7722344db44421c38fb7c953ac06b5ab0e";
const FORMAT = "AMP4EMAIL";

type Msg = ProtoMessage;
const all = (m: Msg, k: string): ProtoValue[] => m[k] ?? [];
const one = (m: Msg, k: string): ProtoValue | undefined => m[k]?.[0];
const str = (m: Msg, k: string): string | undefined => {
  const v = one(m, k);
  return v === undefined ? undefined : String(v);
};
const strs = (m: Msg, k: string): string[] => all(m, k).map(String);
const msgs = (m: Msg, k: string): Msg[] => all(m, k) as Msg[];
const bool = (m: Msg, k: string): boolean | undefined => (one(m, k) === true ? true : undefined);

/** Conditions an email document can have: the rest (transformed, amp4ads…) never holds. */
const EMAIL_CONDITIONS = new Set(["amp4email", "data-css-strict"]);

/** Whether a spec applies to email: disabled_by amp4email drops it, enabled_by anything but css-strict drops it. */
function appliesToEmail(m: Msg): boolean {
  if (strs(m, "disabled_by").includes("amp4email")) return false;
  const enabled = strs(m, "enabled_by");
  return enabled.every((c) => EMAIL_CONDITIONS.has(c));
}

function checkRegex(source: string, where: string): string {
  try {
    new RegExp(source);
  } catch {
    try {
      new RegExp(source, "u");
    } catch (e) {
      throw new Error(`${where}: regex does not compile in JavaScript: ${(e as Error).message}`);
    }
  }
  return source;
}

function compact<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined || (Array.isArray(v) && v.length === 0)) delete o[k];
  }
  return o;
}

function attrSpec(m: Msg, where: string): Record<string, unknown> | null {
  if (!appliesToEmail(m)) return null;
  const name = str(m, "name")!;
  const url = one(m, "value_url") as Msg | undefined;
  const trigger = one(m, "trigger") as Msg | undefined;
  const regex = (k: string) => {
    const v = str(m, k);
    return v === undefined ? undefined : checkRegex(v, `${where} ${name} ${k}`);
  };
  return compact({
    name,
    alternativeNames: strs(m, "alternative_names"),
    mandatory: bool(m, "mandatory"),
    value: strs(m, "value"),
    valueCasei: strs(m, "value_casei"),
    valueRegex: regex("value_regex"),
    valueRegexCasei: regex("value_regex_casei"),
    disallowedValueRegex: regex("disallowed_value_regex") ?? regex("blacklisted_value_regex"),
    valueUrl: url
      ? compact({
          protocols: strs(url, "protocol"),
          allowRelative: one(url, "allow_relative") === false ? false : one(url, "allow_relative") === true ? true : undefined,
          allowEmpty: bool(url, "allow_empty"),
        })
      : undefined,
    valueDocCss: bool(m, "value_doc_css"),
    valueOneofSet: str(m, "value_oneof_set"),
    addValueToSet: str(m, "add_value_to_set"),
    dispatchKey: str(m, "dispatch_key"),
    implicit: bool(m, "implicit"),
    requiresExtension: strs(m, "requires_extension"),
    deprecation: str(m, "deprecation"),
    trigger: trigger
      ? compact({
          ifValueRegex: trigger.if_value_regex ? checkRegex(str(trigger, "if_value_regex")!, `${where} ${name} trigger`) : undefined,
          alsoRequiresAttr: strs(trigger, "also_requires_attr"),
        })
      : undefined,
    enabledBy: strs(m, "enabled_by"),
    disabledBy: strs(m, "disabled_by"),
  });
}

function attrs(m: Msg, where: string): Record<string, unknown>[] {
  return msgs(m, "attrs").flatMap((a) => {
    const spec = attrSpec(a, where);
    return spec ? [spec] : [];
  });
}

function cdataSpec(m: Msg | undefined, where: string): Record<string, unknown> | undefined {
  if (!m) return undefined;
  const css = one(m, "css_spec") as Msg | undefined;
  return compact({
    maxBytes: one(m, "max_bytes") as number | undefined,
    cdataRegex: str(m, "cdata_regex") ? checkRegex(str(m, "cdata_regex")!, `${where} cdata_regex`) : undefined,
    disallowedCdataRegex: msgs(m, "disallowed_cdata_regex").map((d) => ({
      regex: checkRegex(str(d, "regex")!, `${where} cdata`),
      message: str(d, "error_message"),
    })),
    docCssBytes: bool(m, "doc_css_bytes"),
    cssSpec: css
      ? compact({
          atRules: msgs(css, "at_rule_spec").map((a) => {
            const mq = one(a, "media_query_spec") as Msg | undefined;
            return compact({
              name: str(a, "name"),
              mediaQuery: mq
                ? { issuesAsError: one(mq, "issues_as_error") === true, types: strs(mq, "type"), features: strs(mq, "feature") }
                : undefined,
            });
          }),
          selector: one(css, "selector_spec")
            ? {
                attributeNames: strs(one(css, "selector_spec") as Msg, "attribute_name"),
                pseudoClasses: strs(one(css, "selector_spec") as Msg, "pseudo_class"),
                pseudoElements: strs(one(css, "selector_spec") as Msg, "pseudo_element"),
              }
            : undefined,
        })
      : undefined,
  });
}

function tagSpec(m: Msg): Record<string, unknown> {
  const tagName = str(m, "tag_name")!;
  const specName = str(m, "spec_name") ?? tagName;
  const where = `tag ${specName}`;
  const child = one(m, "child_tags") as Msg | undefined;
  const layout = one(m, "amp_layout") as Msg | undefined;
  const ext = one(m, "extension_spec") as Msg | undefined;
  return compact({
    tagName: tagName.startsWith("$") || tagName.startsWith("!") ? tagName : tagName.toLowerCase(),
    specName,
    descriptiveName: str(m, "descriptive_name"),
    mandatory: bool(m, "mandatory"),
    unique: bool(m, "unique"),
    mandatoryParent: str(m, "mandatory_parent"),
    mandatoryAncestor: str(m, "mandatory_ancestor"),
    disallowedAncestor: strs(m, "disallowed_ancestor"),
    requiresExtension: strs(m, "requires_extension"),
    attrs: attrs(m, where),
    attrLists: strs(m, "attr_lists"),
    explicitAttrsOnly: bool(m, "explicit_attrs_only"),
    childTags: child
      ? compact({
          mandatoryNumChildTags: one(child, "mandatory_num_child_tags") as number | undefined,
          childTagNameOneof: strs(child, "child_tag_name_oneof").map((t) => t.toLowerCase()),
          firstChildTagNameOneof: strs(child, "first_child_tag_name_oneof").map((t) => t.toLowerCase()),
        })
      : undefined,
    descendantTagList: str(m, "descendant_tag_list"),
    referencePoints: msgs(m, "reference_points").map((r) => str(r, "tag_spec_name")!),
    ampLayout: layout
      ? compact({
          supportedLayouts: strs(layout, "supported_layouts").map((l) => l.toLowerCase().replace(/_/g, "-")),
          definesDefaultWidth: bool(layout, "defines_default_width"),
          definesDefaultHeight: bool(layout, "defines_default_height"),
        })
      : undefined,
    cdata: cdataSpec(one(m, "cdata") as Msg | undefined, where),
    extensionSpec: ext
      ? compact({
          name: str(ext, "name"),
          versions: strs(ext, "version"),
          deprecatedVersions: strs(ext, "deprecated_version"),
          type: str(ext, "extension_type") ?? "CUSTOM_ELEMENT",
          requiresUsage: str(ext, "requires_usage"),
        })
      : undefined,
    deprecation: str(m, "deprecation"),
    enabledBy: strs(m, "enabled_by"),
    disabledBy: strs(m, "disabled_by").filter((c) => c !== "transformed"),
  });
}

function declarationList(m: Msg): Record<string, unknown>[] {
  return msgs(m, "declaration").map((d) =>
    compact({
      name: str(d, "name"),
      valueCasei: strs(d, "value_casei"),
      valueRegexCasei: str(d, "value_regex_casei") ? checkRegex(str(d, "value_regex_casei")!, `declaration ${str(d, "name")}`) : undefined,
    }),
  );
}

export function generate(files: { name: string; text: string }[], revision: string): string {
  const tags: Record<string, unknown>[] = [];
  const rawLists = new Map<string, Msg>();
  const descendantLists = new Map<string, string[]>();
  const declarationLists: Record<string, Record<string, unknown>[]> = {};
  const css: Record<string, unknown>[] = [];
  let maxDocumentBytes: number | undefined;
  for (const file of files) {
    const root = parseTextProto(file.text);
    for (const t of msgs(root, "tags")) if (strs(t, "html_format").includes(FORMAT) && appliesToEmail(t)) tags.push(tagSpec(t));
    for (const l of msgs(root, "attr_lists")) rawLists.set(str(l, "name")!, l);
    for (const d of msgs(root, "descendant_tag_list"))
      descendantLists.set(
        str(d, "name")!,
        strs(d, "tag").map((t) => t.toLowerCase()),
      );
    for (const d of msgs(root, "declaration_list")) declarationLists[str(d, "name")!] = declarationList(d);
    for (const d of msgs(root, "doc"))
      if (strs(d, "html_format").includes(FORMAT) && one(d, "max_bytes") !== undefined) maxDocumentBytes = one(d, "max_bytes") as number;
    for (const c of msgs(root, "css")) {
      if (!strs(c, "html_format").includes(FORMAT)) continue;
      css.push(
        compact({
          strict: strs(c, "enabled_by").includes("data-css-strict"),
          maxBytes: one(c, "max_bytes") as number,
          maxBytesIsWarning: bool(c, "max_bytes_is_warning") ?? false,
          maxBytesPerInlineStyle: one(c, "max_bytes_per_inline_style") as number,
          allowAllDeclarationInStyleTag: bool(c, "allow_all_declaration_in_style_tag") ?? false,
          allowImportant: bool(c, "allow_important") ?? false,
          imageUrlProtocols: strs(one(c, "image_url_spec") as Msg, "protocol"),
          declarationLists: [...strs(c, "declaration_list"), ...strs(c, "declaration_list_svg")],
        }),
      );
    }
  }
  // Only the lists an email tag names (and the two the engine always applies) are kept.
  const used = new Set<string>(["$GLOBAL_ATTRS", "$AMP_LAYOUT_ATTRS"]);
  for (const t of tags) for (const l of (t.attrLists as string[] | undefined) ?? []) used.add(l);
  const attrLists: Record<string, Record<string, unknown>[]> = {};
  for (const name of [...used].sort()) {
    const l = rawLists.get(name);
    if (!l) throw new Error(`attr list "${name}" is named by a tag but defined nowhere`);
    attrLists[name] = attrs(l, `attr_lists ${name}`);
  }
  const descendantTagLists: Record<string, string[]> = {};
  for (const t of tags) {
    const d = t.descendantTagList as string | undefined;
    if (d) descendantTagLists[d] = descendantLists.get(d) ?? [];
  }
  if (maxDocumentBytes === undefined) throw new Error(`no doc max_bytes for ${FORMAT}`);
  const rules = {
    source: {
      repository: "ampproject/amphtml",
      revision,
      cssRevision: CSS_REVISION,
      files: files.map((f) => f.name),
      format: FORMAT,
    },
    maxDocumentBytes,
    tags,
    attrLists,
    descendantTagLists,
    declarationLists,
    css,
  };
  return `${JSON.stringify(rules, null, 1)}\n`;
}

function readSources(source: string | undefined): { name: string; text: string }[] {
  const files: { name: string; text: string }[] = [];
  const add = (file: string, name: string) => files.push({ name, text: fs.readFileSync(file, "utf8") });
  if (!source) {
    const dir = path.join(COMMITTED, "upstream");
    for (const f of fs.readdirSync(dir).sort()) add(path.join(dir, f), f);
  } else {
    add(path.join(source, "validator/validator-main.protoascii"), "validator-main.protoascii");
    const extDir = path.join(source, "extensions");
    for (const ext of fs.readdirSync(extDir).sort()) {
      const dir = path.join(extDir, ext);
      // the rule files sit in the extension folder or in its version folders
      const candidates = [
        dir,
        ...fs
          .readdirSync(dir)
          .filter((d) => /^\d/.test(d))
          .map((d) => path.join(dir, d)),
      ];
      for (const d of candidates) {
        if (!fs.statSync(d).isDirectory()) continue;
        for (const f of fs.readdirSync(d).sort()) {
          if (!/^validator-.*\.protoascii$/.test(f)) continue;
          const text = fs.readFileSync(path.join(d, f), "utf8");
          if (text.includes(FORMAT)) files.push({ name: f, text });
        }
      }
    }
  }
  add(path.join(COMMITTED, CSS_FILE), CSS_FILE);
  return files;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), { strings: ["source", "revision"], booleans: ["check", "help"] }, USAGE);
  if (args.flags.help) {
    console.log(USAGE);
    return 0;
  }
  const source = stringFlag(args, "source");
  const revision = stringFlag(args, "revision") ?? (source ? undefined : COMMITTED_REVISION);
  if (!revision) fail("--source needs --revision (the amphtml commit it is at)", USAGE);
  const out = generate(readSources(source), revision);
  if (args.flags.check) {
    const same = fs.existsSync(OUT) && fs.readFileSync(OUT, "utf8") === out;
    console.log(same ? `${OUT} is up to date` : `${OUT} is stale: run npm run amp:rules`);
    return same ? 0 : 1;
  }
  fs.writeFileSync(OUT, out);
  const parsed = JSON.parse(out) as { tags: unknown[] };
  console.log(`wrote ${OUT}: ${parsed.tags.length} AMP4EMAIL tag specs from ampproject/amphtml@${revision}`);
  return 0;
}

if (require.main === module) runCli(main);
