// Herald's drag and drop of pieces, shared by the game page's board (board.js) and the
// analysis board (analysis.js): mouse and touch alike (pointer events). A press without a
// drag stays a click; a drag shows the piece under the pointer (a clone, `drag-ghost`),
// marks the destination under it (`hover`) and, on release over another square, hands
// that square to the board as if it had been clicked. The board keeps its own selection
// and legality: this file only moves the pointer's piece.
//
// heraldDrag(area, board) listens on `area` (the element holding the squares) and asks
// `board` for:
//   selector            the CSS selector of a square inside `area`
//   canStart(square)    whether a press on this square element may start a drag
//   selected()          the name of the selected square, or null
//   select(name)        selects a square (the drag's origin)
//   square(name)        the square element with this name
//   squares()           every square element
//   drop(name)          the piece was released over square `name`
// and returns { cancel(), justDropped() }: `justDropped()` is true during the click that
// follows a drop, which must not pick the piece up again.
(function () {
  "use strict";

  window.heraldDrag = function (area, board) {
    var drag = null;
    var dropped = false;

    function squareAt(x, y) {
      var el = document.elementFromPoint(x, y);
      var s = el && el.closest ? el.closest(board.selector) : null;
      return s && area.contains(s) ? s : null;
    }
    function cancel() {
      if (!drag) return;
      if (drag.ghost && drag.ghost.parentNode) drag.ghost.parentNode.removeChild(drag.ghost);
      drag = null;
      board.squares().forEach(function (s) { s.classList.remove("dragging", "hover"); });
    }
    area.addEventListener("pointerdown", function (ev) {
      if (ev.button !== 0) return;
      var s = ev.target.closest ? ev.target.closest(board.selector) : null;
      if (!s || !area.contains(s) || !board.canStart(s)) return;
      drag = { from: s.dataset.sq, id: ev.pointerId, x: ev.clientX, y: ev.clientY, moved: false, ghost: null, over: null };
    });
    document.addEventListener("pointermove", function (ev) {
      if (!drag || ev.pointerId !== drag.id) return;
      if (!drag.moved) {
        if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 6) return;
        var origin = board.square(drag.from);
        var pc = origin && origin.querySelector(".pc");
        if (!pc) { drag = null; return; }
        drag.moved = true;
        if (board.selected() !== drag.from) board.select(drag.from);
        var ghost = pc.cloneNode(true);
        var size = origin.getBoundingClientRect().width;
        ghost.setAttribute("class", pc.getAttribute("class") + " drag-ghost");
        ghost.style.width = size + "px";
        ghost.style.height = size + "px";
        ghost.style.inset = "auto";
        document.body.appendChild(ghost);
        drag.ghost = ghost;
        origin.classList.add("dragging");
      }
      ev.preventDefault();
      drag.ghost.style.left = ev.clientX + "px";
      drag.ghost.style.top = ev.clientY + "px";
      var over = squareAt(ev.clientX, ev.clientY);
      var name = over ? over.dataset.sq : null;
      if (name !== drag.over) {
        var old = drag.over && board.square(drag.over);
        if (old) old.classList.remove("hover");
        if (over && over.classList.contains("dest")) over.classList.add("hover");
        drag.over = name;
      }
    }, { passive: false });
    document.addEventListener("pointerup", function (ev) {
      if (!drag || ev.pointerId !== drag.id) return;
      var d = drag;
      if (!d.moved) { drag = null; return; }
      var target = squareAt(ev.clientX, ev.clientY);
      cancel();
      // The click that follows this pointerup must not pick the piece up again.
      dropped = true;
      setTimeout(function () { dropped = false; }, 0);
      if (target && target.dataset.sq !== d.from) board.drop(target.dataset.sq);
    });
    document.addEventListener("pointercancel", cancel);

    return { cancel: cancel, justDropped: function () { return dropped; } };
  };
})();
