/* Quizzes: makes the generator's quiz markup (tools/gen/README.md, "Quiz markup") interactive.
   Choice quizzes (single, multiple, outcome): Check marks each chosen choice right or wrong and
   shows its feedback, says whether the whole answer is right, shows the explanation, and offers
   Retry. Reveal quizzes: opening "Show answer" counts as answered. Every answer is recorded through
   window.CourseProgress (progress.js). With JavaScript off, the <details> answer key still works. */
(function () {
  'use strict';
  var progress = window.CourseProgress;

  function text(el, s) { el.textContent = s; return el; }

  function setupChoiceQuiz(quiz, id) {
    var form = quiz.querySelector('.quiz-form');
    var choices = Array.prototype.slice.call(quiz.querySelectorAll('.quiz-choice'));
    var checkBtn = quiz.querySelector('.quiz-check');
    var result = quiz.querySelector('.quiz-result');
    var answer = quiz.querySelector('details.quiz-answer');
    if (!form || !checkBtn || choices.length === 0) return;
    if (!result) {
      result = document.createElement('span');
      result.className = 'quiz-result';
      result.setAttribute('aria-live', 'polite');
      checkBtn.parentNode.appendChild(result);
    }
    var single = quiz.getAttribute('data-quiz-type') === 'single';
    var retryBtn = document.createElement('button');
    retryBtn.type = 'button';
    retryBtn.className = 'quiz-retry';
    retryBtn.hidden = true;
    text(retryBtn, 'Retry');
    checkBtn.parentNode.insertBefore(retryBtn, checkBtn.nextSibling);
    var explanation = null; // a copy of the explanation, shown below the form once answered

    function inputOf(c) { return c.querySelector('input'); }
    function isRight(c) { return c.getAttribute('data-correct') === 'true'; }

    function showPrevious() {
      var prev = progress && progress.get(id);
      result.className = 'quiz-result';
      if (prev && prev.answered) {
        text(result, prev.correct ? 'You answered this correctly before.' : 'You tried this before; not yet right.');
        result.classList.add('previous');
      } else {
        text(result, '');
      }
    }

    function check() {
      var chosen = choices.filter(function (c) { return inputOf(c).checked; });
      if (single && chosen.length === 0) {
        result.className = 'quiz-result bad';
        text(result, 'Choose an answer first.');
        return;
      }
      var allRight = choices.every(function (c) { return inputOf(c).checked === isRight(c); });
      var missed = choices.filter(function (c) { return !inputOf(c).checked && isRight(c); }).length;
      choices.forEach(function (c) {
        var input = inputOf(c);
        input.disabled = true;
        if (!input.checked) return;
        c.classList.add('show-feedback', isRight(c) ? 'is-right' : 'is-wrong');
      });
      result.className = 'quiz-result ' + (allRight ? 'ok' : 'bad');
      if (allRight) text(result, 'Correct!');
      else if (!single && missed > 0 && chosen.every(isRight)) {
        text(result, 'Not quite: ' + missed + (missed === 1 ? ' right choice is' : ' right choices are') + ' missing.');
      } else text(result, 'Not quite.');
      checkBtn.hidden = true;
      retryBtn.hidden = false;
      var source = answer && answer.querySelector('.quiz-explanation');
      if (source) {
        explanation = source.cloneNode(true);
        explanation.classList.add('quiz-explanation-shown');
        form.parentNode.insertBefore(explanation, form.nextSibling);
      }
      if (progress) progress.record(id, allRight);
      retryBtn.focus();
    }

    function retry() {
      choices.forEach(function (c) {
        var input = inputOf(c);
        input.disabled = false;
        input.checked = false;
        c.classList.remove('show-feedback', 'is-right', 'is-wrong');
      });
      if (explanation) { explanation.remove(); explanation = null; }
      if (answer) answer.open = false;
      retryBtn.hidden = true;
      checkBtn.hidden = false;
      result.className = 'quiz-result';
      text(result, '');
      inputOf(choices[0]).focus();
    }

    checkBtn.addEventListener('click', check);
    retryBtn.addEventListener('click', retry);
    form.addEventListener('submit', function (ev) { ev.preventDefault(); if (!checkBtn.hidden) check(); });
    showPrevious();
  }

  function setupRevealQuiz(quiz, id) {
    var answer = quiz.querySelector('details.quiz-answer');
    if (!answer) return;
    answer.addEventListener('toggle', function () {
      if (answer.open && progress) progress.record(id, true);
    });
  }

  function setup(quiz) {
    var id = quiz.getAttribute('data-quiz-id');
    if (!id || quiz.hasAttribute('data-quiz-ready')) return;
    quiz.setAttribute('data-quiz-ready', '');
    quiz.classList.add('quiz-js');
    if (quiz.querySelector('.quiz-form')) setupChoiceQuiz(quiz, id);
    else setupRevealQuiz(quiz, id);
  }

  function init() {
    var quizzes = document.querySelectorAll('.quiz[data-quiz-id]');
    for (var i = 0; i < quizzes.length; i++) setup(quizzes[i]);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
