/**
 * Wraps `code` (JavaScript statements) so it runs once the page has shown its first content: on
 * the `first-contentful-paint` entry, reported once the frame is on screen (a frame callback, or
 * the `load` event of a page that defers everything, can come before it). Where paint timing is
 * missing, at `load`; and after 5 s at the latest. Used for what the first paint does not need:
 * the full stylesheet, the app's modules, the rest of the display face.
 */
export function afterFirstPaint(code: string): string {
  return `(function(){var d=0;function go(){if(!d){d=1;setTimeout(function(){${code}})}}setTimeout(go,5e3);try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});return}}catch(e){}addEventListener("load",go)})()`;
}
