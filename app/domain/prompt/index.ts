export * from "./inputs";
export * from "./assemble";
