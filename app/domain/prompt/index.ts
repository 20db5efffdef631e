export * from "./techniques";
export * from "./facts";
export * from "./inputs";
export * from "./assemble";
