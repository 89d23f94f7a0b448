/* Quizzes: makes the generator's quiz markup (tools/gen/README.md, "Quiz markup") interactive.
   Choice quizzes (single, multiple, outcome, spot: each instruction of a listing is a choice): Check
   marks each chosen choice right or wrong and
   shows its feedback, says whether the whole answer is right, shows the explanation, and offers
   Retry. Reveal quizzes: opening "Show answer" counts as answered. Every answer is recorded through
   window.CourseProgress (progress.js). With JavaScript off, the <details> answer key still works. */
(function () {
  'use strict';
  var progress = window.CourseProgress;

  function text(el, s) {
    el.textContent = s;
    return el;
  }

  /* the quiz's live result line (the generator's, or one added after the Check button) */
  function resultLine(quiz, checkBtn) {
    var result = quiz.querySelector('.quiz-result');
    if (!result) {
      result = document.createElement('span');
      result.className = 'quiz-result';
      result.setAttribute('aria-live', 'polite');
      checkBtn.parentNode.appendChild(result);
    }
    return result;
  }

  /* a hidden Retry button right after the Check button */
  function addRetryButton(checkBtn) {
    var retryBtn = document.createElement('button');
    retryBtn.type = 'button';
    retryBtn.className = 'quiz-retry';
    retryBtn.hidden = true;
    text(retryBtn, 'Retry');
    checkBtn.parentNode.insertBefore(retryBtn, checkBtn.nextSibling);
    return retryBtn;
  }

  function inputOf(choice) {
    return choice.querySelector('input');
  }
  function isRight(choice) {
    return choice.getAttribute('data-correct') === 'true';
  }

  /* the result line before any answer: what progress.js recorded of an earlier one */
  function showPrevious(result, id) {
    var prev = progress && progress.get(id);
    result.className = 'quiz-result';
    if (prev && prev.answered) {
      text(
        result,
        prev.correct
          ? 'You answered this correctly before.'
          : prev.solved
            ? 'You answered this correctly before, after a first wrong try.'
            : 'You tried this before; not yet right.',
      );
      result.classList.add('previous');
    } else {
      text(result, '');
    }
  }

  /* once answered: a copy of the answer key's explanation below the form (returned, or null if none) */
  function showExplanation(answer, form) {
    var source = answer && answer.querySelector('.quiz-explanation');
    if (!source) return null;
    var explanation = source.cloneNode(true);
    explanation.classList.add('quiz-explanation-shown');
    form.parentNode.insertBefore(explanation, form.nextSibling);
    return explanation;
  }

  function setupChoiceQuiz(quiz, id) {
    var form = quiz.querySelector('.quiz-form');
    var choices = Array.prototype.slice.call(quiz.querySelectorAll('.quiz-choice'));
    var checkBtn = quiz.querySelector('.quiz-check');
    var answer = quiz.querySelector('details.quiz-answer');
    if (!form || !checkBtn || choices.length === 0) return;
    var result = resultLine(quiz, checkBtn);
    var single = quiz.getAttribute('data-quiz-type') === 'single';
    var noun = quiz.getAttribute('data-quiz-type') === 'spot' ? 'instruction' : 'choice';
    var retryBtn = addRetryButton(checkBtn);
    var explanation = null; // a copy of the explanation, shown below the form once answered

    function check() {
      var chosen = choices.filter(function (c) {
        return inputOf(c).checked;
      });
      if ((single || noun === 'instruction') && chosen.length === 0) {
        result.className = 'quiz-result bad';
        text(result, noun === 'instruction' ? 'Tick an instruction first.' : 'Choose an answer first.');
        return;
      }
      var allRight = choices.every(function (c) {
        return inputOf(c).checked === isRight(c);
      });
      var missed = choices.filter(function (c) {
        return !inputOf(c).checked && isRight(c);
      }).length;
      choices.forEach(function (c) {
        var input = inputOf(c);
        input.disabled = true;
        if (!input.checked) return;
        c.classList.add('show-feedback', isRight(c) ? 'is-right' : 'is-wrong');
      });
      result.className = 'quiz-result ' + (allRight ? 'ok' : 'bad');
      if (allRight) text(result, 'Correct!');
      else if (!single && missed > 0 && chosen.every(isRight)) {
        text(result, 'Not quite: ' + missed + ' right ' + noun + (missed === 1 ? ' is' : 's are') + ' missing.');
      } else text(result, 'Not quite.');
      checkBtn.hidden = true;
      retryBtn.hidden = false;
      explanation = showExplanation(answer, form);
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
      if (explanation) {
        explanation.remove();
        explanation = null;
      }
      if (answer) answer.open = false;
      retryBtn.hidden = true;
      checkBtn.hidden = false;
      result.className = 'quiz-result';
      text(result, '');
      inputOf(choices[0]).focus();
    }

    checkBtn.addEventListener('click', check);
    retryBtn.addEventListener('click', retry);
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      if (!checkBtn.hidden) check();
    });
    showPrevious(result, id);
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
