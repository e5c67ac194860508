import StoryIOCommand

StoryIO.main()
