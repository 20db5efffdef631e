// Static imports (not a directory scan) so the seeds travel inside any bundle — the Remix server
// build and tsx scripts alike — without depending on the working directory.
import accordionAdvanced from "./accordion-advanced.json";
import accordionBeginner from "./accordion-beginner.json";
import accordionIntermediate from "./accordion-intermediate.json";
import carouselAdvanced from "./carousel-advanced.json";
import carouselBeginner from "./carousel-beginner.json";
import carouselIntermediate from "./carousel-intermediate.json";
import itemCartAdvanced from "./itemCart-advanced.json";
import itemCartBeginner from "./itemCart-beginner.json";
import itemCartIntermediate from "./itemCart-intermediate.json";
import menuAdvanced from "./menu-advanced.json";
import menuBeginner from "./menu-beginner.json";
import menuIntermediate from "./menu-intermediate.json";
import pairAccordionSurvey from "./pair-accordion-survey.json";
import pairCarouselQuiz from "./pair-carousel-quiz.json";
import pairMenuTabs from "./pair-menu-tabs.json";
import pairTabsItemCart from "./pair-tabs-itemCart.json";
import quizAdvanced from "./quiz-advanced.json";
import quizBeginner from "./quiz-beginner.json";
import quizIntermediate from "./quiz-intermediate.json";
import surveyAdvanced from "./survey-advanced.json";
import surveyBeginner from "./survey-beginner.json";
import surveyIntermediate from "./survey-intermediate.json";
import tabsAdvanced from "./tabs-advanced.json";
import tabsBeginner from "./tabs-beginner.json";
import tabsIntermediate from "./tabs-intermediate.json";

/** Raw seed files keyed by file name (without .json); validated by the loader, not here. */
export const BLUEPRINT_SEED_FILES: Readonly<Record<string, unknown>> = {
  "tabs-beginner": tabsBeginner,
  "tabs-intermediate": tabsIntermediate,
  "tabs-advanced": tabsAdvanced,
  "accordion-beginner": accordionBeginner,
  "accordion-intermediate": accordionIntermediate,
  "accordion-advanced": accordionAdvanced,
  "carousel-beginner": carouselBeginner,
  "carousel-intermediate": carouselIntermediate,
  "carousel-advanced": carouselAdvanced,
  "survey-beginner": surveyBeginner,
  "survey-intermediate": surveyIntermediate,
  "survey-advanced": surveyAdvanced,
  "quiz-beginner": quizBeginner,
  "quiz-intermediate": quizIntermediate,
  "quiz-advanced": quizAdvanced,
  "menu-beginner": menuBeginner,
  "menu-intermediate": menuIntermediate,
  "menu-advanced": menuAdvanced,
  "itemCart-beginner": itemCartBeginner,
  "itemCart-intermediate": itemCartIntermediate,
  "itemCart-advanced": itemCartAdvanced,
  "pair-tabs-itemCart": pairTabsItemCart,
  "pair-carousel-quiz": pairCarouselQuiz,
  "pair-accordion-survey": pairAccordionSurvey,
  "pair-menu-tabs": pairMenuTabs,
};
