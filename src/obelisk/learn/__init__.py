"""Learn by playing (``obelisk learn``): interactive lessons that are data.

A game's lessons are a list of lesson objects (``Game.lessons()``, by default
``lessons.json`` in the game's folder). Each lesson is a list of steps that
set up exact positions with scripted chance, explain, ask the learner to act
or to answer a question, and answer a wrong choice with the rule that forbids
it. ``docs/lessons.md`` describes the format.
"""

from .runner import (
    ConsoleTeacher,
    LessonError,
    LessonQuit,
    find_lesson,
    run_lesson,
    validate_lessons,
)

__all__ = [
    "ConsoleTeacher",
    "LessonError",
    "LessonQuit",
    "find_lesson",
    "run_lesson",
    "validate_lessons",
]
