import { aggregateAnswers, answersCsv, csvField, npsOf, type AnswerRecord } from "./results";
import { answerFormOf, answerPlaceholder, bindAnswerForm, parseAnswerSpec } from "./placeholder";
import { answerQuestions, isNpsScale, type AnswerQuestion } from "./questions";
import { answerPageWords, ANSWER_PAGE_LANGUAGES, quizVerdict } from "./thanks";
import { surveyPostAnswers } from "./survey-post";
import { isKnownPlaceholder } from "../html/placeholders";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";

const scores = (...counts: Array<[number, number]>) => counts.flatMap(([score, n]) => Array.from({ length: n }, () => score));

describe("npsOf", () => {
  it.each([
    { name: "no answers", input: [], score: null, pro: 0, pas: 0, det: 0 },
    { name: "all promoters", input: scores([9, 2], [10, 3]), score: 100, pro: 5, pas: 0, det: 0 },
    { name: "all detractors", input: scores([0, 1], [6, 1]), score: -100, pro: 0, pas: 0, det: 2 },
    { name: "passives only", input: scores([7, 1], [8, 1]), score: 0, pro: 0, pas: 2, det: 0 },
    { name: "textbook 50/30/20", input: scores([10, 5], [8, 3], [3, 2]), score: 30, pro: 5, pas: 3, det: 2 },
    { name: "thirds round once", input: scores([10, 1], [5, 2]), score: -33, pro: 1, pas: 0, det: 2 },
    { name: "6 is a detractor, 7 is not", input: [6, 7], score: -50, pro: 0, pas: 1, det: 1 },
    { name: "out of range ignored", input: [11, -1, 3.5, 10], score: 100, pro: 1, pas: 0, det: 0 },
  ])("$name", ({ input, score, pro, pas, det }) => {
    const r = npsOf(input);
    expect(r).toMatchObject({ score, promoters: pro, passives: pas, detractors: det });
    expect(r.distribution).toHaveLength(11);
    expect(r.distribution.reduce((a, b) => a + b, 0)).toBe(pro + pas + det);
  });
});

const NPS: AnswerQuestion = {
  key: "k1.0",
  kind: "nps",
  question: "How likely are you to recommend us?",
  options: Array.from({ length: 11 }, (_, i) => String(i)),
};
const PICK: AnswerQuestion = { key: "k1.1", kind: "survey", question: "What should we improve?", options: ["Speed", "Price", "Support"] };
const QUIZ: AnswerQuestion = { key: "k2.0", kind: "quiz", question: "Capital of France?", options: ["Lyon", "Paris", "Nice"], correct: 1 };

const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, s));
const row = (
  sendId: string | null,
  question: string,
  optionIndex: number | null,
  value: string,
  source: "html" | "amp" = "html",
  t = 0,
): AnswerRecord => ({ sendId, question, optionIndex, value, source, updatedAt: at(t) });

describe("aggregateAnswers", () => {
  const rows = [
    row("s1", "k1.0", 10, "10"),
    row("s2", "k1.0", 9, "9", "amp"),
    row("s3", "k1.0", 3, "3"),
    row("s1", "k1.1", 0, "Speed"),
    row(null, "k1.1", null, "Price", "amp"),
    row("s1", "k2.0", 1, "Paris"),
    row("s2", "k2.0", 0, "Lyon"),
    row("s3", "k2.0", 1, "Paris"),
    row("s4", "k9.0", null, "Blue"),
  ];
  const r = aggregateAnswers([NPS, PICK, QUIZ], rows);

  it("counts respondents (sends; an AMP post without one counts once) and sources", () => {
    expect(r).toMatchObject({ respondents: 5, answers: 9, bySource: { html: 7, amp: 2 } });
  });

  it("scores NPS with its distribution", () => {
    const q = r.questions.find((x) => x.key === "k1.0")!;
    expect(q.nps).toMatchObject({ score: 33, promoters: 2, passives: 0, detractors: 1 });
    expect(q.nps!.distribution).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1]);
  });

  it("counts options by index, or by label when only a label came", () => {
    const q = r.questions.find((x) => x.key === "k1.1")!;
    expect(q.options.map((o) => [o.label, o.count, o.percent])).toEqual([
      ["Speed", 1, 50],
      ["Price", 1, 50],
      ["Support", 0, 0],
    ]);
  });

  it("gives quiz % correct and marks the right option", () => {
    const q = r.questions.find((x) => x.key === "k2.0")!;
    expect(q.quiz).toEqual({ correct: 2, percentCorrect: 66.7 });
    expect(q.options.find((o) => o.correct)?.label).toBe("Paris");
  });

  it("lists answers to questions no form describes by their values", () => {
    expect(r.questions.at(-1)).toMatchObject({ key: "k9.0", answers: 1, options: [{ label: "Blue", count: 1, percent: 100 }] });
  });

  it("has no % correct before any answer", () => {
    expect(aggregateAnswers([QUIZ], []).questions[0].quiz).toEqual({ correct: 0, percentCorrect: null });
  });
});

describe("CSV", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
  ])("escapes %j", (input, out) => {
    expect(csvField(input)).toBe(out);
  });

  it("writes numbers and empty values as they are", () => {
    expect(csvField(7)).toBe("7");
    expect(csvField(null)).toBe("");
  });

  it("writes one CRLF line per answer, oldest first, with labels and correctness", () => {
    const csv = answersCsv([QUIZ, PICK], [row("s2", "k2.0", 0, "Lyon", "html", 5), row("s1", "k1.1", null, 'Price, "mostly"', "amp", 1)]);
    expect(csv.split("\r\n")).toEqual([
      "send_id,source,question_key,question,answer,option_index,correct,answered_at",
      's1,amp,k1.1,What should we improve?,"Price, ""mostly""",,,2026-11-27T12:00:01.000Z',
      "s2,html,k2.0,Capital of France?,Lyon,0,no,2026-11-27T12:00:05.000Z",
      "",
    ]);
  });
});

describe("answer placeholders", () => {
  it("are written without a form, bound to one at generation, and read back", () => {
    const p = answerPlaceholder("fr", "k1", 0, 7);
    expect(p).toBe("{{ANSWER_URL:fr:k1.0.7}}");
    const bound = bindAnswerForm(`<a href="${p}">7</a>`, "gen-1");
    expect(bound).toBe('<a href="{{ANSWER_URL:fr:k1.0.7:gen-1}}">7</a>');
    expect(parseAnswerSpec("ANSWER_URL:fr:k1.0.7:gen-1")).toEqual({ lang: "fr", question: "k1.0", option: 7, formId: "gen-1" });
    expect(parseAnswerSpec("ANSWER_URL:fr:k1.0.7")).toEqual({ lang: "fr", question: "k1.0", option: 7, formId: "" });
    // Binding twice changes nothing; QA knows the placeholder.
    expect(bindAnswerForm(bound, "gen-2")).toBe(bound);
    expect(isKnownPlaceholder("{{ANSWER_URL:fr:k1.0.7:gen-1}}")).toBe(true);
    expect(isKnownPlaceholder("{{ANSWER_URL:fr:k1.0.x}}")).toBe(false);
  });
});

describe("questions of a blueprint", () => {
  it("keys survey and quiz questions by module and index, and tells a 0–10 scale", () => {
    expect(isNpsScale(NPS.options)).toBe(true);
    expect(isNpsScale(["1", "2", "3", "4", "5"])).toBe(false);
    const qs = answerQuestions(sampleBlueprint("survey", "quiz") as never);
    expect(qs.map((q) => [q.key, q.kind])).toEqual(
      expect.arrayContaining([
        ["k1.0", "survey"],
        ["k2.0", "quiz"],
      ]),
    );
    expect(qs.find((q) => q.kind === "quiz")?.correct).toEqual(expect.any(Number));
  });
});

describe("answer page words", () => {
  it("exist in the six languages, English otherwise", () => {
    expect(ANSWER_PAGE_LANGUAGES.sort()).toEqual(["de", "en", "es", "fr", "it", "pt"]);
    expect(answerPageWords("fr").thanksTitle).toBe("Merci !");
    expect(answerPageWords("nl")).toEqual(answerPageWords("en"));
  });
});

describe("send-time resolution", () => {
  it("fills each answer link through answerUrl, escaped, and opens the web version without it", async () => {
    const { recipientPlaceholders } = await import("../mime/placeholders");
    const { compileSendTemplate } = await import("../mime/send-template");
    const doc = `<html><body><a href="{{ANSWER_URL:fr:k1.0.7:gen-1}}">7</a><a href="{{ANSWER_URL:fr:k1.0.8:gen-1}}">8</a><a href="{{VIB_URL}}">v</a></body></html>`;
    const values = { recipient: "a@example.com", sendId: "s1", vibUrl: "https://k.test/vib/s1", unsubscribeUrl: "https://k.test/u/x" };
    const signed = recipientPlaceholders(doc, {
      ...values,
      answerUrl: (s) => `https://k.test/r/${s.formId}-${s.question}-${s.option}?a&b`,
    });
    expect(signed).toContain('href="https://k.test/r/gen-1-k1.0-7?a&amp;b"');
    expect(signed).toContain('href="https://k.test/r/gen-1-k1.0-8?a&amp;b"');
    expect(recipientPlaceholders(doc, values)).not.toContain("ANSWER_URL");
    const t = compileSendTemplate({ html: doc, workspace: {}, baseUrl: "https://k.test", brand: "K", bannerSender: null });
    expect(t.answerNames.sort()).toEqual(["ANSWER_URL:fr:k1.0.7:gen-1", "ANSWER_URL:fr:k1.0.8:gen-1"]);
  });
});

describe("send-time resolution of the AMP survey's action", () => {
  const SIG = "IhTzkYUP96Ov-tQRUDoMHg";
  const form = (url: string) => `<form method="post" action-xhr="${url}"><input type="hidden" name="sendId" value="{{SEND_ID}}"></form>`;
  const values = { recipient: "a@example.com", sendId: "s1", vibUrl: "https://k.test/vib/s1", unsubscribeUrl: "https://k.test/u/x" };

  it("replaces the action URL the build wrote through surveyAction, in one pass and in the compiled template alike", async () => {
    const { recipientPlaceholders } = await import("../mime/placeholders");
    const { compileSendTemplate } = await import("../mime/send-template");
    const { fillPart } = await import("../mime/part-template");
    const { recipientValueMap } = await import("../mime/placeholders");
    const url = `https://k.test/api/amp/survey/gen-1.${SIG}`;
    const surveyAction = (u: string) => `${u.slice(0, u.lastIndexOf("/") + 1)}gen-1.s1.${SIG}`;
    const want = form(`https://k.test/api/amp/survey/gen-1.s1.${SIG}`).replace("{{SEND_ID}}", "s1");
    expect(recipientPlaceholders(form(url), { ...values, surveyAction })).toBe(want);
    const t = compileSendTemplate({
      html: "<p>hi</p>",
      ampHtml: form(url),
      workspace: {},
      baseUrl: "https://k.test",
      brand: "K",
      bannerSender: null,
    });
    expect(t.answerNames).toEqual([url]);
    expect(fillPart(t.ampHtml!, recipientValueMap({ ...values, surveyAction }, "html", t.answerNames)).content).toBe(want);
    // Without surveyAction (nothing is sent), the form keeps the URL the build wrote.
    expect(recipientPlaceholders(form(url), values)).toBe(form(url).replace("{{SEND_ID}}", "s1"));
  });

  it("takes the URL only as an action-xhr value, with a form id and its signature, and leaves the rest alone", async () => {
    const { recipientPlaceholders } = await import("../mime/placeholders");
    const surveyAction = () => "REPLACED";
    const untouched = [
      `<a href="https://k.test/api/amp/survey/gen-1.${SIG}">link</a>`,
      form("https://k.test/api/amp/survey/gen-1"),
      form(`https://k.test/api/amp/survey/gen-1.s1.${SIG}`),
      form(`http://k.test/api/amp/survey/gen-1.${SIG}`),
      `<form action-xhr='https://k.test/api/amp/survey/gen-1.${SIG}'></form>`,
    ];
    for (const doc of untouched)
      expect(recipientPlaceholders(doc, { ...values, surveyAction }), doc).toBe(doc.replace("{{SEND_ID}}", "s1"));
    expect(recipientPlaceholders(form(`https://k.test/base/path/api/amp/survey/gen-1.${SIG}`), { ...values, surveyAction })).toContain(
      'action-xhr="REPLACED"',
    );
  });

  it("stays linear on a document of unfinished action URLs", async () => {
    const { recipientPlaceholders } = await import("../mime/placeholders");
    const doc = `<form action-xhr="https://${"a".repeat(299)}`.repeat(2_000);
    expect(recipientPlaceholders(doc, values)).toBe(doc);
  });
});

describe("surveyPostAnswers", () => {
  const questions: AnswerQuestion[] = [
    { key: "k1.0", kind: "nps", question: "Recommend us?", options: Array.from({ length: 11 }, (_, i) => String(i)) },
    { key: "k1.1", kind: "survey", question: "Improve first?", options: ["Speed", "Price"] },
    { key: "k2.0", kind: "quiz", question: "Capital?", options: ["Paris", "Lyon"], correct: 0 },
  ];

  it("gives the form's answers, option by label, with the copy's own send id allowed", () => {
    expect(surveyPostAnswers(questions, { survey: "k1", sendId: "s1", q0: "10", q1: "Price" }, "s1")).toEqual({
      ok: true,
      answers: [
        { question: "k1.0", optionIndex: 10, value: "10" },
        { question: "k1.1", optionIndex: 1, value: "Price" },
      ],
    });
    expect(surveyPostAnswers(questions, { survey: "k2", q0: "Lyon" }, "s1")).toMatchObject({
      ok: true,
      answers: [{ question: "k2.0", optionIndex: 1 }],
    });
  });

  it("refuses anything that is not one of the form's questions and options, naming each field", () => {
    const problems = (fields: Record<string, string | string[]>) => {
      const r = surveyPostAnswers(questions, fields, "s1");
      return r.ok ? [] : r.problems.map((p) => `${p.path}:${p.code}`);
    };
    expect(problems({ survey: "k1", q0: "11" })).toEqual(["q0:unknown_option"]);
    expect(problems({ survey: "k1", q0: "price" })).toEqual(["q0:unknown_option"]);
    expect(problems({ survey: "k1", q0: "" })).toEqual(["q0:unknown_option"]);
    expect(problems({ survey: "k1", q2: "Speed" })).toEqual(["q2:unknown_question"]);
    expect(problems({ survey: "k1", q00: "1" })).toEqual(["q00:unknown_field"]);
    expect(problems({ survey: "k1", q0: ["1", "2"] })).toEqual(["q0:not_one_value"]);
    expect(problems({ survey: "k1", q0: "1", comment: "hi" })).toEqual(["comment:unknown_field"]);
    expect(problems({ survey: "k1", sendId: "s2", q0: "1" })).toEqual(["sendId:other_send"]);
    expect(problems({ survey: "k3", q0: "1" })).toEqual(["survey:unknown_survey"]);
    expect(problems({ q0: "1" })).toEqual(["survey:unknown_survey"]);
    expect(problems({ survey: "k1" })).toEqual([":no_answer"]);
    expect(surveyPostAnswers([], { survey: "k1", q0: "1" }, "s1")).toMatchObject({ ok: false });
  });
});

describe("quizVerdict", () => {
  const q = {
    key: "k1.0",
    kind: "quiz" as const,
    question: "Which country grows the most coffee?",
    options: ["Colombia", "Brazil"],
    correct: 1,
    explanation: "About a third.",
  };

  it("says right or wrong in the email's language, with the right answer and the explanation", () => {
    expect(quizVerdict(q, 1, "en")).toEqual({ right: true, title: "Correct!", explanation: "About a third." });
    expect(quizVerdict(q, 0, "fr")).toEqual({
      right: false,
      title: "Pas tout à fait — la bonne réponse est Brazil.",
      explanation: "About a third.",
    });
  });

  it("has nothing to say about a survey question", () => {
    expect(quizVerdict({ key: "k1.1", kind: "survey", question: "Why?", options: ["a", "b"] }, 0, "en")).toBeNull();
  });
});

describe("answerFormOf", () => {
  it("reads the form an email's bound answer links name, or null when it asks nothing", () => {
    expect(answerFormOf(`<a href="{{ANSWER_URL:en:k1.0.3:gen_42}}">3</a>`)).toBe("gen_42");
    expect(answerFormOf(`<a href="{{ANSWER_URL:en:k1.0.3}}">3</a>`)).toBeNull();
    expect(answerFormOf("<p>No questions</p>")).toBeNull();
  });
});
