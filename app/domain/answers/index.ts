export * from "./placeholder";
export * from "./questions";
export * from "./results";
export * from "./thanks";
export * from "./survey-post";
