"""The page itself: boot, the DOM events in, the rendering loop, the screens put
together, the page's scripts and styles."""
