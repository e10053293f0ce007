/**
 * A piece of text as a DOM element, for libraries that take either HTML or an element (Leaflet's
 * tooltips and popups set a string as HTML): text people typed, such as an address, stays text.
 */
export function textElement(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}
