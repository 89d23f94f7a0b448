x.o: lab.c inc/course.h \
  /a\ b/c\#d $$e
