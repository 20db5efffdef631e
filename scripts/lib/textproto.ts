// A reader for protocol-buffer text format (the .protoascii rule files of ampproject/amphtml):
// `name: value`, `name { … }` / `name: { … }`, `#` comments, adjacent string literals joined.
// Every field comes back as an array (the schema decides what repeats; the caller picks).

export type ProtoValue = string | number | boolean | ProtoMessage;
export interface ProtoMessage {
  [field: string]: ProtoValue[];
}

type Token = { kind: "ident" | "string" | "number" | "punct"; text: string; line: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  while (i < text.length) {
    const c = text[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r") i++;
    else if (c === "#") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "{" || c === "}" || c === ":" || c === "[" || c === "]" || c === "," || c === ";") {
      tokens.push({ kind: "punct", text: c, line });
      i++;
    } else if (c === '"' || c === "'") {
      let out = "";
      i++;
      while (i < text.length && text[i] !== c) {
        if (text[i] === "\\") {
          const n = text[i + 1];
          const escapes: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "'": "'", "\\": "\\" };
          if (n in escapes) {
            out += escapes[n];
            i += 2;
          } else if (/[0-7]/.test(n)) {
            const m = /^[0-7]{1,3}/.exec(text.slice(i + 1))![0];
            out += String.fromCharCode(parseInt(m, 8));
            i += 1 + m.length;
          } else {
            out += n;
            i += 2;
          }
        } else {
          if (text[i] === "\n") line++;
          out += text[i++];
        }
      }
      i++;
      tokens.push({ kind: "string", text: out, line });
    } else if (/[-0-9.]/.test(c)) {
      const m = /^-?[0-9.]+(e[-+]?\d+)?/i.exec(text.slice(i))![0];
      tokens.push({ kind: "number", text: m, line });
      i += m.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i))![0];
      tokens.push({ kind: "ident", text: m, line });
      i += m.length;
    } else throw new Error(`textproto: unexpected "${c}" on line ${line}`);
  }
  return tokens;
}

export function parseTextProto(text: string): ProtoMessage {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const expect = (t: string) => {
    const tok = tokens[pos++];
    if (!tok || tok.text !== t) throw new Error(`textproto: expected "${t}" on line ${tok?.line ?? "EOF"}, saw "${tok?.text}"`);
  };
  const message = (closing: string | null): ProtoMessage => {
    const out: ProtoMessage = {};
    while (pos < tokens.length && !(closing && peek().kind === "punct" && peek().text === closing)) {
      const name = tokens[pos++];
      if (name.kind !== "ident") throw new Error(`textproto: expected a field name on line ${name.line}, saw "${name.text}"`);
      let value: ProtoValue;
      if (peek()?.text === ":") pos++;
      const tok = peek();
      if (tok.kind === "punct" && tok.text === "{") {
        pos++;
        value = message("}");
        expect("}");
      } else if (tok.kind === "string") {
        let s = "";
        while (peek()?.kind === "string") s += tokens[pos++].text;
        value = s;
      } else if (tok.kind === "number") {
        value = Number(tokens[pos++].text);
      } else if (tok.kind === "ident") {
        pos++;
        value = tok.text === "true" ? true : tok.text === "false" ? false : tok.text;
      } else throw new Error(`textproto: unexpected "${tok.text}" on line ${tok.line}`);
      (out[name.text] ??= []).push(value);
      if (peek()?.kind === "punct" && (peek().text === ";" || peek().text === ",")) pos++;
    }
    return out;
  };
  return message(null);
}
