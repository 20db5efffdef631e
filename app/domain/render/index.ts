export { render } from "./render";
export type { RenderResult } from "./render";
