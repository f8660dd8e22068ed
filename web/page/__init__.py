"""The page itself: boot, the DOM events in, the rendering loop, the screens put
together, which tab owns the match, the page's scripts and styles."""
