/**
 * Reading the page's style sheets in tests. jsdom applies no media query and never matches
 * `:hover`, so what the chrome does only on wide or narrow screens is checked on the rules
 * styled-components wrote, not on computed styles.
 */

interface StyleRuleLike {
  selectorText: string;
  style: CSSStyleDeclaration;
}

interface MediaRuleLike {
  media: { mediaText: string };
  cssRules: CSSRuleList;
}

function isStyleRule(rule: CSSRule): rule is CSSRule & StyleRuleLike {
  return 'selectorText' in rule;
}

function isMediaRule(rule: CSSRule): rule is CSSRule & MediaRuleLike {
  return 'media' in rule && 'cssRules' in rule;
}

/**
 * The declarations of the rules inside `@media` blocks whose condition contains `condition`
 * (e.g. `min-width: 900px`) that apply to `element`.
 */
export function mediaDeclarationsFor(element: Element, condition: string): CSSStyleDeclaration[] {
  // Duck-typed: the rules come from jsdom's CSSOM, not from this realm's CSS classes.
  return Array.from(document.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules))
    .filter(isMediaRule)
    .filter((rule) => rule.media.mediaText.includes(condition))
    .flatMap((rule) => Array.from(rule.cssRules))
    .filter(isStyleRule)
    .filter((rule) => element.matches(rule.selectorText))
    .map((rule) => rule.style);
}
