export * from "./stats";
export * from "./compare";
export * from "./feedback";
export * from "./result";
