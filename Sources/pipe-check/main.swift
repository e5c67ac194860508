import PipeCheckCommand

PipeCheck.main()
