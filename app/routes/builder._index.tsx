// The builder: brief → (what Kinetic understood → copy) → generate → preview. Server-rendered
// forms that work without JavaScript; with it, generation streams its stages from /builder/generate.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef } from "react";
import { VALIDATE_WHEN, pageFormProps } from "~/components/page-form";
import { CsrfField, useCsrfToken } from "~/components/csrf-field";
import { BriefFields, type BriefOptions } from "~/components/builder/brief-form";
import { CopyFields } from "~/components/builder/copy-editor";
import { UnderstoodFields, understoodLabel } from "~/components/builder/understood-form";
import { GenerationProgress, useStreamedGeneration } from "~/components/builder/progress";
import { Stepper, type BuilderStep } from "~/components/builder/stepper";
import { applyEdit, briefFromDraft, draftFromBrief, isAsk, thinBriefAsks, type UnderstoodDraft } from "~/domain/brief/form";
import type { Brief as UnderstoodBrief } from "~/domain/brief/schema";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { STYLE_PRESETS, STYLE_THEORY_KEYS } from "~/domain/blueprint/styles";
import { TECHNIQUES } from "~/domain/blueprint/schema";
import { EMAIL_TYPES } from "~/domain/prompt/facts/types";
import { COMPLEXITIES } from "~/domain/prompt/inputs";
import { BriefFormSchema, MAX_IMAGE_ROWS, MAX_SECTION_ROWS, type Brief, type BriefInput } from "~/domain/requests/builder";
import { parsePageForm } from "~/domain/requests/page-form";
import {
  BRAND_COLOR_KEYS,
  FONT_CHOICES,
  briefCopy,
  builderStart,
  confirmUnderstood,
  parseBriefForm,
  parseBriefJson,
  parseGenerateForm,
  parseUnderstoodForm,
  runGenerateRequest,
  understandPrompt,
  type CopyDraft,
  type FieldErrors,
} from "~/services/builder.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/builder.css" }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `Builder · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` },
];

const TECHNIQUE_INFO: Record<string, [string, string]> = {
  tabs: ["Tabs", "Radio-button tabbed panels"],
  accordion: ["Accordion", "Expand / collapse sections"],
  carousel: ["Carousel", "Slides with arrows and dots"],
  survey: ["Survey", "Step-by-step questions"],
  quiz: ["Quiz", "Answers with reveal states"],
  menu: ["Menu", "Hamburger menu overlay"],
  itemCart: ["Cart", "Tap to add, running total"],
};

const STYLE_NOTES: Record<string, string> = {
  auto: "Chosen from the email type",
  minimal: "Quiet, neutral, precise",
  bold: "Loud colour for sales",
  editorial: "Serif, for stories",
  playful: "Rounded and bright",
  luxury: "Dark with gold",
  corporate: "Calm business blue",
  tech: "Dark, product launch",
  warm: "Food, shops, hospitality",
  fresh: "Green, wellness",
};

function options(): BriefOptions {
  return {
    techniques: TECHNIQUES.map((t) => ({ value: t, label: TECHNIQUE_INFO[t]?.[0] ?? t, hint: TECHNIQUE_INFO[t]?.[1] ?? "" })),
    emailTypes: [...EMAIL_TYPES],
    complexities: [...COMPLEXITIES],
    fonts: FONT_CHOICES.map((f) => ({ ...f })),
    styles: STYLE_THEORY_KEYS.map((key) => {
      const c = key === "auto" ? null : STYLE_PRESETS[key].colors;
      return {
        key,
        label: key === "auto" ? "Auto" : key[0].toUpperCase() + key.slice(1),
        swatch: c ? [c.background, c.surface, c.primary, c.accent, c.text] : ["#18181b", "#e11d48", "#7c2d12", "#047857", "#22d3ee"],
        note: STYLE_NOTES[key] ?? "",
      };
    }),
    brandColors: BRAND_COLOR_KEYS.map((key) => ({
      key,
      label: { primary: "Primary (buttons)", accent: "Accent", background: "Background", text: "Text" }[key],
      fallback: { primary: "#4f46e5", accent: "#f59e0b", background: "#f4f4f5", text: "#18181b" }[key],
    })),
    imageRows: MAX_IMAGE_ROWS,
    sectionRows: MAX_SECTION_ROWS,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const from = new URL(request.url).searchParams.get("from") ?? undefined;
  const start = await builderStart(app, user, { fromVersionId: from });
  return { ...start, options: options() };
}

type ActionData =
  // `reply`: conform's answer to the brief form; `values` (and `errors` about none of its fields): a brief from elsewhere.
  | {
      step: "brief";
      reply?: SubmissionResult<string[]>;
      values?: BriefInput;
      errors?: FieldErrors;
      failure?: { error: string; refunded: boolean };
    }
  | {
      step: "understood";
      settings: Brief;
      read: UnderstoodBrief;
      draft: UnderstoodDraft;
      asks?: FieldErrors;
      errors?: FieldErrors;
      failure?: { error: string; refunded: boolean };
    }
  | {
      step: "copy";
      brief: Brief;
      copy: CopyDraft;
      copyText?: string;
      errors?: FieldErrors;
      failure?: { error: string; refunded: boolean };
    };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  // The prompt form → what Kinetic understood (read, not generated: no credit).
  if (intent === "understand") {
    const parsed = parseBriefForm(form);
    if (!parsed.ok) return data<ActionData>({ step: "brief", reply: parsed.reply }, { status: 400 });
    const read = await understandPrompt(app, parsed.brief);
    const { understood: _stale, ...settings } = parsed.brief;
    return data<ActionData>({ step: "understood", settings, read, draft: draftFromBrief(read), asks: thinBriefAsks(read) });
  }

  // An add, remove or use button of the understood form: the same form again, with the edit applied.
  if (/^(?:add|remove|use):/.test(intent)) {
    const u = parseUnderstoodForm(form);
    if (!u.ok) return data<ActionData>({ step: "brief", values: u.values, errors: u.errors }, { status: 400 });
    const draft = applyEdit(u.draft, intent, u.read) ?? u.draft;
    return data<ActionData>({
      step: "understood",
      settings: u.settings,
      read: u.read,
      draft,
      asks: asksOf(draft, u.read, u.settings.prompt),
    });
  }

  // The understood form → the copy, written from the brief as confirmed.
  if (intent === "copy") {
    const u = parseUnderstoodForm(form);
    if (!u.ok) return data<ActionData>({ step: "brief", values: u.values, errors: u.errors }, { status: 400 });
    const confirmed = confirmUnderstood(u.settings, u.read, u.draft);
    if (!confirmed.ok)
      return data<ActionData>(
        { step: "understood", settings: u.settings, read: u.read, draft: u.draft, errors: confirmed.errors },
        { status: 400 },
      );
    const copy = await briefCopy(app, confirmed.settings);
    if (!copy.ok)
      return data<ActionData>(
        { step: "understood", settings: u.settings, read: u.read, draft: u.draft, failure: { error: copy.error, refunded: false } },
        { status: copy.status },
      );
    return data<ActionData>({ step: "copy", brief: confirmed.settings, copy: copy.value.copyDoc, copyText: copy.value.copyText });
  }

  // Back from the copy: to the understood form as confirmed; back from the understood form: to the prompt.
  if (intent === "back") {
    const brief = parseBriefJson(String(form.get("brief") ?? ""));
    if (brief.ok && brief.brief.understood) {
      const { understood, ...settings } = brief.brief;
      const draft = draftFromBrief(understood);
      return data<ActionData>({ step: "understood", settings, read: understood, draft, asks: asksOf(draft, understood, settings.prompt) });
    }
    return data<ActionData>({ step: "brief", values: brief.ok ? brief.brief : brief.values });
  }

  // generate (directly), generate-copy (with the edited copy), regenerate.
  const parsed = parseGenerateForm(form);
  if (!parsed.ok) {
    if (parsed.step === "copy" && parsed.copyDraft)
      return data<ActionData>(
        { step: "copy", brief: parsed.values as Brief, copy: parsed.copyDraft, errors: parsed.errors },
        { status: 400 },
      );
    if ("reply" in parsed) return data<ActionData>({ step: "brief", reply: parsed.reply }, { status: 400 });
    return data<ActionData>({ step: "brief", values: parsed.values, errors: parsed.errors }, { status: 400 });
  }
  const result = await runGenerateRequest(app, user, parsed);
  if (result.ok) return redirect(`/builder/v/${result.value.versionId}`);
  const failure = { error: result.error, refunded: result.charged ?? false };
  if (parsed.mode === "brief" && parsed.copyDoc)
    return data<ActionData>({ step: "copy", brief: parsed.brief, copy: parsed.copyDoc, failure }, { status: result.status });
  return data<ActionData>(
    { step: "brief", values: parsed.mode === "brief" ? parsed.brief : { prompt: "" }, failure },
    { status: result.status },
  );
}

/** What the understood form still asks (a thin brief), shown beside the fields until answered. */
function asksOf(draft: UnderstoodDraft, read: UnderstoodBrief, prompt: string): FieldErrors {
  const r = briefFromDraft(draft, read, prompt.length);
  if (r.ok) return {};
  return Object.fromEntries(Object.entries(r.errors).filter(([k]) => isAsk(k)));
}

/** A form field's name in words, for the error summary ("images[0].url" → "Image 1 URL"). */
function fieldLabel(name: string, read?: UnderstoodBrief): string {
  if (name.startsWith("u.")) return understoodLabel(name, read);
  const fixed: Record<string, string> = {
    prompt: "Prompt",
    techniques: "Interactive technique",
    emailType: "Email type",
    complexity: "Complexity",
    styleTheory: "Style",
    "brand.fontFamily": "Body font",
    "brand.headingFontFamily": "Heading font",
    "brand.buttonRadius": "Button radius",
    "brand.logoUrl": "Logo URL",
    images: "Images",
    savedSections: "Saved sections",
    "": "The form",
  };
  if (fixed[name]) return fixed[name];
  const row = /^(images|savedSections)\[(\d+)\]\.(\w+)$/.exec(name);
  if (row)
    return `${row[1] === "images" ? "Image" : "Section"} ${Number(row[2]) + 1} ${row[3] === "url" ? "URL" : row[3] === "html" ? "HTML" : row[3]}`;
  const color = /^brand\.colors\.(\w+)$/.exec(name);
  if (color) return `Brand colour (${color[1]})`;
  if (name.startsWith("copy.")) return "Copy";
  return name;
}

/** The stages a generation of this form will report, in order. */
function expectedStages(form: HTMLFormElement, withCopy: boolean, brief?: Brief): string[] {
  const fd = new FormData(form);
  const useRAG = brief ? brief.useRAG : fd.get("useRAG") === "on";
  const amp = brief ? brief.generateAmp : fd.get("generateAmp") === "on";
  return [
    ...(withCopy ? ["copy", "blueprint"] : []),
    "credits",
    "techniques",
    ...(useRAG ? ["retrieval"] : []),
    ...(withCopy ? [] : ["copy", "blueprint"]),
    "code",
    "autofix",
    "qa",
    ...(amp ? ["amp"] : []),
  ];
}

/** A brief as the form's starting values ("Use the library" is on unless the brief turned it off). */
const formValues = (values: BriefInput): BriefInput => ({ ...values, useRAG: values.useRAG ?? true });

export default function BuilderPage() {
  const { initial, cost, balance, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigate = useNavigate();
  const csrfToken = useCsrfToken();
  const onDone = useCallback((url: string) => navigate(url), [navigate]);
  const { state: progress, start, reset } = useStreamedGeneration(csrfToken, onDone);

  const step = actionData?.step ?? "brief";
  const brief = actionData?.step === "copy" ? actionData.brief : undefined;

  // With JavaScript, the generate buttons stream progress instead of waiting for the redirect.
  const onSubmit = (ev: React.FormEvent<HTMLFormElement>) => {
    const submitter = (ev.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value ?? "";
    if (intent !== "generate" && intent !== "generate-copy") return;
    if (typeof ReadableStream === "undefined" || typeof TextDecoder === "undefined") return;
    ev.preventDefault();
    const form = ev.currentTarget;
    const body = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === "string") body.append(k, v);
    body.set("intent", intent);
    void start(body, expectedStages(form, intent === "generate-copy", brief));
  };

  // A streamed generation refused for a field (before anything ran) comes back to the form with
  // the field marked, as the same post without JavaScript would.
  const failed = progress.status === "failed" ? progress.failure : null;
  const fieldFailure = failed && (failed.reply || (failed.errors && Object.keys(failed.errors).length)) ? failed : null;
  const streaming = progress.status !== "idle" && !fieldFailure;
  const current: BuilderStep = streaming ? "Generate" : step === "copy" ? "Copy" : step === "understood" ? "Check" : "Brief";
  // Generating straight from the prompt form skips the understood and copy steps.
  const skipped: BuilderStep[] = streaming && step === "brief" ? ["Check", "Copy"] : [];
  // The brief form starts again (a new conform form) when the page brings a brief from elsewhere:
  // the first visit, back from a later step, a failed generation.
  const briefData = actionData?.step === "brief" ? actionData : undefined;
  const formKey = step !== "brief" ? step : briefData?.reply ? "brief" : `brief:${JSON.stringify(briefData?.values ?? initial)}`;

  return (
    <div className={current === "Check" ? "bld bld-wide" : "bld"}>
      <header className="bld-head">
        <div>
          <h1>Builder</h1>
          <p className="bld-lede">Describe the email; Kinetic writes the copy, builds the interactive email and checks it.</p>
        </div>
        <Link to="/builder/history" className="bld-btn bld-btn-ghost">
          History
        </Link>
      </header>
      <Stepper current={current} skipped={skipped} />

      {streaming ? <GenerationProgress state={progress} onRetry={progress.status === "failed" ? reset : undefined} /> : null}

      <StepForm
        key={formKey}
        actionData={actionData}
        initial={initial as BriefInput}
        options={options}
        cost={cost}
        balance={balance}
        hidden={streaming && progress.status !== "failed"}
        onStream={onSubmit}
        streamedReply={fieldFailure?.reply}
        streamedErrors={fieldFailure?.errors}
      />
    </div>
  );
}

function StepForm(props: {
  actionData: ActionData | undefined;
  initial: BriefInput;
  options: BriefOptions;
  cost: number;
  balance: number;
  hidden: boolean;
  onStream: (ev: React.FormEvent<HTMLFormElement>) => void;
  streamedReply?: SubmissionResult<string[]>;
  streamedErrors?: FieldErrors;
}) {
  const { actionData, options, cost, balance } = props;
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const step = actionData?.step ?? "brief";
  const brief = actionData?.step === "copy" ? actionData.brief : undefined;
  const short = balance < cost;
  const briefData = actionData?.step === "brief" ? actionData : undefined;

  const reply = props.streamedReply ?? briefData?.reply;
  const [form] = useForm<Record<string, unknown>>({
    id: "brief",
    lastResult: reply,
    // conform flattens the brief into its field names (rows, `brand.colors.*`, booleans as "on").
    defaultValue: formValues(briefData?.values ?? props.initial) as unknown as Record<string, string>,
    // No constraint: the image and section rows' required fields must not stop a blank row
    // (dropped) from posting without JavaScript; the prompt says `required` itself.
    ...VALIDATE_WHEN,
    onValidate: ({ formData }) => parsePageForm(formData, { schema: BriefFormSchema }),
  });
  const conform = step === "brief" ? pageFormProps(form) : null;

  // What the server refused (the summary names every field and links to its error).
  const replyErrors = Object.entries(reply?.error ?? {}).filter((e): e is [string, string[]] => Boolean(e[1]?.length));
  const errors: Array<[string, string, string | null]> = [
    ...replyErrors.map(([name, messages]): [string, string, string | null] => [name, messages.join(" "), `${form.id}-${name}-error`]),
    ...Object.entries(props.streamedErrors ?? actionData?.errors ?? {}).map(([name, message]): [string, string, string | null] => [
      name,
      message,
      name === "form" ? null : `err-${name.replace(/\./g, "-")}`,
    ]),
  ];
  const summaryRef = useRef<HTMLDivElement>(null);
  const answered = errors.length ? (reply ?? props.streamedErrors ?? actionData) : null;
  useEffect(() => {
    if (answered) summaryRef.current?.focus();
  }, [answered]);
  const failure = actionData?.failure;
  const stepErrors = Object.fromEntries(errors.map(([name, message]) => [name, message]));

  return (
    <Form
      method="post"
      noValidate={false}
      {...conform}
      onSubmit={(ev) => {
        conform?.onSubmit(ev);
        if (!ev.defaultPrevented) props.onStream(ev);
      }}
      hidden={props.hidden}
      className="bld-form"
    >
      <CsrfField />
      {failure ? (
        <div className="bld-alert" role="alert" data-testid="generation-error">
          <p>
            <strong>{failure.error}</strong>
          </p>
          <p>{failure.refunded ? "Your credit was refunded." : "No credit was charged."}</p>
        </div>
      ) : null}
      {errors.length ? (
        <div className="bld-alert" role="alert" tabIndex={-1} ref={summaryRef} id="bld-errors" data-testid="field-errors">
          <p>
            <strong>{errors.length === 1 ? "One field needs a change:" : "These fields need a change:"}</strong>
          </p>
          <ul className="bld-error-list">
            {errors.map(([name, message, target]) => (
              <li key={name}>
                {target ? (
                  <a href={`#${target}`}>
                    {fieldLabel(name, actionData?.step === "understood" ? actionData.read : undefined)}: {message}
                  </a>
                ) : (
                  message
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {step === "copy" && actionData?.step === "copy" ? (
        <>
          <input type="hidden" name="brief" value={JSON.stringify(actionData.brief)} />
          <div className="bld-intro">
            <h2>Review the copy</h2>
            <p>Edit any word. Kinetic places exactly these words in the email.</p>
          </div>
          <CopyFields copy={actionData.copy} errors={stepErrors} />
        </>
      ) : step === "understood" && actionData?.step === "understood" ? (
        <>
          <input type="hidden" name="brief" value={JSON.stringify(actionData.settings)} />
          <UnderstoodFields
            key={JSON.stringify(actionData.draft)}
            prompt={actionData.settings.prompt}
            read={actionData.read}
            draft={actionData.draft}
            errors={stepErrors}
            asks={actionData.asks}
            emailTypes={options.emailTypes}
          />
        </>
      ) : (
        <BriefFields form={form} options={options} />
      )}

      <div className="bld-actions" role="group" aria-label="Next step">
        <p className="bld-cost" data-testid="credit-cost">
          Generating costs{" "}
          <strong>
            {cost} credit{cost === 1 ? "" : "s"}
          </strong>{" "}
          · your balance: <strong>{balance}</strong>
          {short ? <span className="bld-field-error"> Not enough credits: ask an admin for more.</span> : null}
        </p>
        <div className="bld-buttons">
          {step === "understood" ? (
            <>
              <button type="submit" name="intent" value="back" className="bld-btn bld-btn-secondary" formNoValidate>
                ← Back to the prompt
              </button>
              <button type="submit" name="intent" value="copy" className="bld-btn bld-btn-primary" disabled={busyIntent !== ""}>
                {busyIntent === "copy" ? "Writing copy…" : "Write the copy →"}
              </button>
            </>
          ) : step === "copy" ? (
            <>
              <button type="submit" name="intent" value="back" className="bld-btn bld-btn-secondary" formNoValidate>
                {brief?.understood ? "← Back to what Kinetic understood" : "← Back to brief"}
              </button>
              <button
                type="submit"
                name="intent"
                value="generate-copy"
                className="bld-btn bld-btn-primary"
                disabled={short || busyIntent !== ""}
              >
                {busyIntent === "generate-copy" ? "Generating…" : "Accept copy and generate"}
              </button>
            </>
          ) : (
            <>
              <button
                type="submit"
                name="intent"
                value="generate"
                className="bld-btn bld-btn-secondary"
                disabled={short || busyIntent !== ""}
              >
                {busyIntent === "generate" ? "Generating…" : "Generate directly"}
              </button>
              <button type="submit" name="intent" value="understand" className="bld-btn bld-btn-primary" disabled={busyIntent !== ""}>
                {busyIntent === "understand" ? "Reading…" : "Continue →"}
              </button>
            </>
          )}
        </div>
      </div>
    </Form>
  );
}
